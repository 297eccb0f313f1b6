// expect: THREW
// QuickJS's heap limit does not count ArrayBuffers, so scripts have no typed arrays at all.
const blocks = [];
for (;;) blocks.push(new Float64Array(1024 * 1024));
