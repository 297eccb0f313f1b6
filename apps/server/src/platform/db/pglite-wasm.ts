// PGlite's two WebAssembly modules (the server and initdb), compiled once per process and handed
// to every database thread. Left to itself, PGlite compiles both again for each database it opens,
// and a new in-memory database instantiates the server twice: tens of megabytes of machine code
// allocated and freed per database. Besides the time, that churn across threads trips a V8 bug on
// Node 24 (nodejs/node#64500: "Check failed: jit_page.has_value()").
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface PgliteWasmModules {
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
}

let compiled: Promise<PgliteWasmModules> | undefined;

export function pgliteWasmModules(): Promise<PgliteWasmModules> {
  compiled ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const compile = async (file: string) =>
      WebAssembly.compile(await readFile(path.join(dist, file)));
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([
      compile('pglite.wasm'),
      compile('initdb.wasm'),
    ]);
    return { pgliteWasmModule, initdbWasmModule };
  })().catch((error: unknown) => {
    compiled = undefined;
    throw error;
  });
  return compiled;
}
