// A sandbox worker: runs scripts one at a time, each in a fresh QuickJS runtime.
//
// Why the sync QuickJS build with a blocking read rather than the asyncify build: asyncify makes
// every guest call slower and its stack bigger, and a blocked worker thread costs nothing but
// itself. A read posts the request on the read port and sleeps in Atomics.wait until the main
// thread has posted the entities and woken it; receiveMessageOnPort then takes them synchronously.
import {
  parentPort,
  receiveMessageOnPort,
  workerData,
  type MessagePort,
} from 'node:worker_threads';
import { newQuickJSWASMModuleFromVariant, newVariant, RELEASE_SYNC } from 'quickjs-emscripten';
import type { ReadAnswer, SandboxRun } from './run-quickjs';
import { runInQuickJS, WASM_HEAP_RETIRE_FACTOR } from './run-quickjs';

export interface ThreadData {
  readPort: MessagePort;
  /** Int32Array over a SharedArrayBuffer: 1 when an answer is waiting on the read port. */
  signal: SharedArrayBuffer;
  /** QuickJS compiled by the pool (quickjs-wasm.ts). */
  wasmModule: WebAssembly.Module;
}
export type ThreadRequest = { id: number; run: SandboxRun };

const { readPort, signal, wasmModule } = workerData as ThreadData;
const flag = new Int32Array(signal);
const quickjs = await newQuickJSWASMModuleFromVariant(newVariant(RELEASE_SYNC, { wasmModule }));
// The emscripten module's memory: what a run really takes, whatever QuickJS counts.
const wasm = (quickjs as unknown as { module: { HEAPU8: Uint8Array } }).module;
const wasmHeapBytes = () => wasm.HEAPU8.length;
const startHeap = wasmHeapBytes();

let readSeq = 0;

parentPort!.on('message', ({ id, run }: ThreadRequest) => {
  const result = runInQuickJS(
    quickjs,
    run,
    (request, timeoutMs) => {
      const seq = ++readSeq;
      const deadline = Date.now() + timeoutMs;
      Atomics.store(flag, 0, 0);
      readPort.postMessage({ seq, request });
      for (;;) {
        // An answer to a read that timed out may still arrive: it carries an older seq and is dropped.
        for (
          let message = receiveMessageOnPort(readPort);
          message;
          message = receiveMessageOnPort(readPort)
        ) {
          const answer = message.message as { seq: number; answer: ReadAnswer };
          if (answer.seq === seq) return answer.answer;
        }
        const left = deadline - Date.now();
        if (left <= 0) return { timedOut: true };
        Atomics.wait(flag, 0, 0, left);
        Atomics.store(flag, 0, 0);
      }
    },
    wasmHeapBytes,
  );
  // A run that grew the WASM memory past its limit leaves it grown: retire this thread.
  const retire = wasmHeapBytes() > startHeap + run.limits.memoryBytes * WASM_HEAP_RETIRE_FACTOR;
  parentPort!.postMessage({ id, result, retire });
});
parentPort!.postMessage({ ready: true });
