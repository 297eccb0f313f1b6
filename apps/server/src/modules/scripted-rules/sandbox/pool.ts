// The main thread's side: a small pool of sandbox workers, so a script that loops or bombs memory
// only ever blocks its own worker, never the server's event loop.
import { availableParallelism } from 'node:os';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import {
  SCRIPT_FAILURE_MESSAGES,
  SCRIPT_LIMITS,
  type ScriptFailure,
  type ScriptReadRequest,
} from '@tapwise/contracts';
import { encodeEntities } from './entity-wire';
import { quickjsWasmModule } from './quickjs-wasm';
import type { ReadAnswer, SandboxRun } from './run-quickjs';
import type { ThreadData, ThreadRequest } from './sandbox.thread';
import type { ScriptHost, ScriptRunInput, ScriptRunResult } from './types';

const POOL_SIZE = Math.max(1, Math.min(2, availableParallelism()));
/** How long past a run's deadline a worker may stay silent before it is replaced. */
const WATCHDOG_GRACE_MS = 5_000;

interface Task {
  id: number;
  run: SandboxRun;
  host: ScriptHost;
  resolve(result: ScriptRunResult): void;
}

class SandboxWorker {
  private readonly worker: Worker;
  private readonly readPort: MessagePort;
  private readonly flag = new Int32Array(new SharedArrayBuffer(4));
  private readonly ready: Promise<void>;
  private task: Task | null = null;
  private watchdog: NodeJS.Timeout | null = null;
  private started = 0;
  /** Why the pool ended this worker, which its run's failure then says. */
  private endedFor: { failure: ScriptFailure; detail: string } | null = null;
  private dead = false;

  constructor(
    private readonly onFree: (worker: SandboxWorker) => void,
    onDeath: (worker: SandboxWorker) => void,
  ) {
    const channel = new MessageChannel();
    this.readPort = channel.port2;
    const thread = new URL('./sandbox.thread.ts', import.meta.url).href;
    const workerData: ThreadData = {
      readPort: channel.port1,
      signal: this.flag.buffer as SharedArrayBuffer,
      wasmModule: quickjsWasmModule(),
    };
    // The thread loads its TypeScript through tsx's API: loader flags are not passed on to threads.
    this.worker = new Worker(
      `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(thread)}, ${JSON.stringify(thread)}))`,
      { eval: true, workerData, transferList: [channel.port1] },
    );
    this.ready = new Promise((resolve) => {
      const onReady = (message: { ready?: boolean }) => {
        if (!message.ready) return;
        this.worker.off('message', onReady);
        resolve();
      };
      this.worker.on('message', onReady);
    });
    this.worker.on(
      'message',
      (message: { id?: number; result?: ScriptRunResult; retire?: boolean }) => {
        if (!message.result || this.task?.id !== message.id) return;
        if (message.retire) void this.terminate();
        this.finish(message.result);
      },
    );
    this.readPort.on('message', (message: { seq: number; request: ScriptReadRequest }) => {
      void this.answerRead(message.seq, message.request);
    });
    // A WASM abort or an exit: the run on it fails, and the pool starts another worker.
    const die = () => {
      if (this.dead) return;
      this.dead = true;
      this.readPort.close();
      const { failure, detail } = this.endedFor ?? {
        failure: 'MEMORY',
        detail: 'Its sandbox stopped.',
      };
      if (this.task) this.finish(failed(this.task, failure, detail, this.started));
      onDeath(this);
    };
    this.worker.on('error', die);
    this.worker.on('exit', die);
    this.worker.unref();
    this.readPort.unref();
  }

  async start(task: Task) {
    this.task = task;
    this.started = performance.now();
    this.worker.ref();
    this.watchdog = setTimeout(() => {
      // Its code did not stop at the interrupt (a native loop): end the thread itself.
      if (this.task !== task) return;
      void this.terminate({
        failure: 'TIMEOUT',
        detail: `The run passed ${task.run.limits.deadlineMs / 1000} seconds.`,
      });
    }, task.run.limits.deadlineMs + WATCHDOG_GRACE_MS);
    await this.ready;
    if (this.task !== task) return;
    const request: ThreadRequest = { id: task.id, run: task.run };
    this.worker.postMessage(request);
  }

  async terminate(
    endedFor = { failure: 'MEMORY' as ScriptFailure, detail: 'The sandbox was closed.' },
  ) {
    this.endedFor = endedFor;
    await this.worker.terminate();
  }

  private async answerRead(seq: number, request: ScriptReadRequest) {
    const task = this.task;
    let answer: ReadAnswer;
    try {
      if (!task) throw new Error('no run');
      const entities = await task.host.read(request);
      answer = {
        json: encodeEntities(entities),
        keys: entities.map((entity) => `${entity.level}:${entity.id}`),
      };
    } catch {
      // The host logs its own failures; the script learns only that the read failed.
      answer = { error: 'The data read failed.' };
    }
    if (this.dead) return;
    this.readPort.postMessage({ seq, answer });
    Atomics.store(this.flag, 0, 1);
    Atomics.notify(this.flag, 0);
  }

  private finish(result: ScriptRunResult) {
    const task = this.task!;
    this.task = null;
    if (this.watchdog) clearTimeout(this.watchdog);
    this.worker.unref();
    task.resolve(result);
    if (!this.dead && !this.endedFor) this.onFree(this);
  }
}

function failed(
  task: Task,
  failure: ScriptFailure,
  detail: string,
  started: number,
): ScriptRunResult {
  return {
    ok: false,
    failure,
    message: `${SCRIPT_FAILURE_MESSAGES[failure]} ${detail}`,
    logs: [{ level: 'error', atMs: Math.round(performance.now() - started), text: detail }],
    proposals: [],
    reads: 0,
    evaluated: 0,
    durationMs: Math.round(performance.now() - started),
  };
}

class SandboxPool {
  private readonly idle: SandboxWorker[] = [];
  private readonly all = new Set<SandboxWorker>();
  private readonly queue: Task[] = [];
  private nextId = 1;
  private closed = false;

  run(input: ScriptRunInput, host: ScriptHost): Promise<ScriptRunResult> {
    const run: SandboxRun = {
      source: input.source,
      modules: { ...input.modules },
      now: input.now,
      dryRun: input.dryRun,
      limits: { ...SCRIPT_LIMITS, ...input.limits },
    };
    return new Promise((resolve) => {
      this.queue.push({ id: this.nextId++, run, host, resolve });
      this.dispatch();
    });
  }

  async close() {
    const workers = [...this.all];
    this.all.clear();
    this.idle.length = 0;
    this.closed = true;
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  private dispatch() {
    while (this.queue.length > 0) {
      const worker = this.idle.pop() ?? (this.all.size < POOL_SIZE ? this.spawn() : null);
      if (!worker) return;
      void worker.start(this.queue.shift()!);
    }
  }

  private spawn() {
    const worker = new SandboxWorker(
      (free) => {
        if (this.closed) return;
        this.idle.push(free);
        this.dispatch();
      },
      (dead) => {
        if (this.closed) return;
        this.all.delete(dead);
        const at = this.idle.indexOf(dead);
        if (at >= 0) this.idle.splice(at, 1);
        this.dispatch();
      },
    );
    this.all.add(worker);
    return worker;
  }
}

let pool: SandboxPool | null = null;

export function runInSandbox(input: ScriptRunInput, host: ScriptHost): Promise<ScriptRunResult> {
  pool ??= new SandboxPool();
  return pool.run(input, host);
}

export async function closeSandboxPool() {
  const closing = pool;
  pool = null;
  await closing?.close();
}
