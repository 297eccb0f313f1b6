// expect: MEMORY real-limits
// Materialised strings, not ropes: each repeat allocates.
const parts = [];
for (let size = 1024; ; size *= 2) parts.push('y'.repeat(size));
