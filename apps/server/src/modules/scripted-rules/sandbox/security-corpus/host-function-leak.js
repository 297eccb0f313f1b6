// expect: OK
// The prelude's host function is closed over; neither callers nor stacks reveal it.
const sloppy = Function(
  'return function probe() { try { return probe.caller; } catch (error) { return null; } }',
)();
try {
  tw.keywords({
    get lookback() {
      const found = sloppy();
      if (typeof found === 'function') tw.log('ESCAPE caller', String(found));
      return 'LAST_7_DAYS';
    },
  });
} catch (error) {
  tw.log(error.name);
}
const stack = new Error('probe').stack || '';
if (/node_modules|\/work\/|node:/.test(stack)) tw.log('ESCAPE stack', stack);
try {
  tw.keywords({ lookback: 42 });
} catch (error) {
  if (
    /node_modules|\/work\/|node:|at /.test(
      error.message + (error.stack || '').replace(/\s+at .*\((?:prelude|script)\.js.*/g, ''),
    )
  )
    tw.log('ESCAPE host error');
}
