// expect: MEMORY|TIMEOUT
// A Map's table is not counted by QuickJS's heap limit, and the collector slows near the limit:
// the run ends at the WASM memory watch, the heap limit or the time limit, whichever comes first.
const map = new Map();
for (let i = 0; ; i++) map.set(i, { i });
