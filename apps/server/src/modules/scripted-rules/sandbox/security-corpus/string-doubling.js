// expect: MEMORY real-limits
let text = 'x';
for (;;) text += text;
