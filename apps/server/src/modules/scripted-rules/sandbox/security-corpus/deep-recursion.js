// expect: MEMORY real-limits
function down(depth) {
  return down(depth + 1) + 1;
}
down(0);
