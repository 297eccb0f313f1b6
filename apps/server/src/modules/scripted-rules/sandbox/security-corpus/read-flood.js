// expect: LIMIT
for (;;) {
  try {
    tw.campaigns();
  } catch (error) {}
}
