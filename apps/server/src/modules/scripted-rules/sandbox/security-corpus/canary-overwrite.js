// expect: OK
// Writing to the guest's global object changes nothing of the host's.
globalThis.__twCanary = 'overwritten';
globalThis.process = { exit() {} };
try {
  tw.pause = () => tw.log('ESCAPE replaced tw.pause');
} catch (error) {
  tw.log(error.name);
}
