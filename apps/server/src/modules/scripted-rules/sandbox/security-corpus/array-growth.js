// expect: MEMORY real-limits
const rows = [];
for (;;) rows.push(rows.length, rows.length, rows.length, rows.length, rows.length, rows.length);
