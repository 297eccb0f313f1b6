// expect: THREW
setTimeout(() => tw.log('ESCAPE timer'), 0);
