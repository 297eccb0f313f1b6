// expect: THREW
const bytes = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]);
new WebAssembly.Instance(new WebAssembly.Module(bytes));
