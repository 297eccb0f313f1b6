// expect: TIMEOUT real-limits
for (;;) {}
