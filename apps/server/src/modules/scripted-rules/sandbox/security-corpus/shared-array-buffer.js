// expect: THREW
const shared = new SharedArrayBuffer(1024);
Atomics.wait(new Int32Array(shared), 0, 0);
