// expect: LIMIT real-limits
const [keyword] = tw.keywords();
for (let i = 0; i < 20000; i++) {
  try {
    tw.pause(keyword);
  } catch (error) {
    // The limit holds even when the script carries on.
  }
}
