// expect: TIMEOUT
// A getter the prelude calls while it builds a read: the guest's code, so the interrupt reaches it.
tw.keywords({
  get lookback() {
    while (true) {}
  },
});
