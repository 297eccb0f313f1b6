// expect: TIMEOUT
Promise.resolve().then(function again() {
  Promise.resolve().then(again);
});
