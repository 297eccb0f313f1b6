// QuickJS's WebAssembly module, compiled once per process and handed to every sandbox thread, so
// a thread started to replace a retired one instantiates it without compiling (see
// platform/db/pglite-wasm.ts for why code churn across threads is avoided).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

let compiled: WebAssembly.Module | undefined;

/** The release build quickjs-emscripten's getQuickJS() loads, resolved through it. */
export function quickjsWasmModule(): WebAssembly.Module {
  if (!compiled) {
    const quickjs = createRequire(createRequire(import.meta.url).resolve('quickjs-emscripten'));
    // Synchronous, once: about a megabyte, compiled in milliseconds.
    compiled = new WebAssembly.Module(
      readFileSync(quickjs.resolve('@jitl/quickjs-wasmfile-release-sync/wasm')),
    );
  }
  return compiled;
}
