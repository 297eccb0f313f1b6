// expect: THREW
Atomics.wait(new Int32Array(4), 0, 0, 1000);
