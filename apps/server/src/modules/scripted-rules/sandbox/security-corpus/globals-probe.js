// expect: OK
// Nothing of the host is reachable by name.
const names = [
  'process',
  'require',
  'module',
  'exports',
  'Buffer',
  'global',
  'fetch',
  'XMLHttpRequest',
  'WebSocket',
  'importScripts',
  'postMessage',
  'self',
  'window',
  'navigator',
  'Deno',
  'Bun',
  'std',
  'os',
  'scriptArgs',
  'print',
  'setTimeout',
  'setInterval',
  'setImmediate',
  'queueMicrotask',
  'WebAssembly',
  'SharedArrayBuffer',
  'Atomics',
  'WeakRef',
  'FinalizationRegistry',
  '__twCanary',
  'call',
  'host',
  'config',
];
for (const name of names) {
  if (typeof globalThis[name] !== 'undefined') tw.log('ESCAPE', name);
}
const own = Object.getOwnPropertyNames(globalThis).filter((name) =>
  /process|require|host|call/i.test(name),
);
if (own.length > 0) tw.log('ESCAPE', own.join(','));
if (!Object.isFrozen(tw) || !Object.isFrozen(console)) tw.log('ESCAPE not frozen');
