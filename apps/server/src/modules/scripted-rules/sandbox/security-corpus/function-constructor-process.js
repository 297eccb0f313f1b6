// expect: THREW
// Code made by the Function constructor runs in the guest, where there is no process.
Function('return process')().mainModule.require('fs').writeFileSync('/tmp/tw-sandbox-escape', 'x');
