// expect: COMPILE
// import() of anything but a custom function fails.
const fs = await import('fs');
fs.writeFileSync('/tmp/tw-sandbox-escape', 'x');
