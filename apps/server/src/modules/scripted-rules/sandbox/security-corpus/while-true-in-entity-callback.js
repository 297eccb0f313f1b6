// expect: TIMEOUT
tw.keywords().forEach(() => {
  while (true) {}
});
tw.keywords().length ||
  (() => {
    while (true) {}
  })();
