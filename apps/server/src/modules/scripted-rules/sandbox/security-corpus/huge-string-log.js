// expect: OK
// Log lines are bounded whatever the script hands the log.
const huge = 'z'.repeat(4 * 1024 * 1024);
tw.log(huge);
console.error(huge, huge);
tw.log({ nested: [huge, huge] });
