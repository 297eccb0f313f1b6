// expect: TIMEOUT
for (;;) {
  try {
    for (;;) {}
  } catch (error) {
    tw.log('caught', error);
  }
}
