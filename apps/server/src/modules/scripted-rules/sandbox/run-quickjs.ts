// One script run in a fresh QuickJS runtime, on the calling (worker) thread. Reads are synchronous
// for the script: `readSync` blocks this thread until the main thread answers (see the thread).
import { performance } from 'node:perf_hooks';
import {
  CUSTOM_FUNCTION_IMPORT_PREFIX,
  SCRIPT_FAILURE_MESSAGES,
  scriptProposalSchema,
  scriptReadRequestSchema,
  type ScriptFailure,
  type ScriptLogLevel,
  type ScriptLogLine,
  type ScriptProposal,
  type ScriptReadRequest,
} from '@tapwise/contracts';
import {
  DefaultIntrinsics,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSWASMModule,
} from 'quickjs-emscripten';
import { ENTITY_FIELDS } from './entity-wire';
import { GUEST_PRELUDE } from './prelude';
import type { ScriptLimits, ScriptRunResult } from './types';

export interface SandboxRun {
  source: string;
  modules: Readonly<Record<string, string>>;
  now: string;
  dryRun: boolean;
  limits: ScriptLimits;
}

/** The host's answer to one read: the entities (encodeEntities) and their "level:id" keys, or an error. */
export type ReadAnswer = { json: string; keys: string[] } | { error: string };
/** A read answers, or times out when the run's deadline comes first. */
export type ReadSync = (
  request: ScriptReadRequest,
  timeoutMs: number,
) => ReadAnswer | { timedOut: true };

/**
 * QuickJS's heap limit does not count everything (typed arrays, a Map's table), so the WASM memory
 * itself is watched too: a run that grows it past this many times its own limit is stopped, and a
 * thread whose memory grew past twice the limit is replaced after the run (WASM memory never
 * shrinks), so each run starts from a small heap.
 */
export const WASM_HEAP_STOP_FACTOR = 6;
export const WASM_HEAP_RETIRE_FACTOR = 2;

const SCRIPT_FILE = 'script.js';
const LOG_LEVELS: readonly ScriptLogLevel[] = ['log', 'info', 'warn', 'error'];

/** A run stopped for a reason the script may not catch its way out of. */
class Stop {
  constructor(
    readonly failure: ScriptFailure,
    readonly detail: string,
  ) {}
}

export function runInQuickJS(
  quickjs: QuickJSWASMModule,
  run: SandboxRun,
  readSync: ReadSync,
  wasmHeapBytes: () => number,
): ScriptRunResult {
  const { limits } = run;
  const started = performance.now();
  let waitedMs = 0;
  let stop: Stop | null = null;
  let compileError: string | null = null;
  let reads = 0;
  let evaluated = 0;
  const readKeys = new Set<string>();
  const proposals: ScriptProposal[] = [];
  let proposed = 0;
  const logs = new LogBuffer(limits, started);

  const runtime = quickjs.newRuntime();
  runtime.setMemoryLimit(limits.memoryBytes);
  runtime.setMaxStackSize(limits.stackBytes);
  const heapAtStart = wasmHeapBytes();
  const heapCap = heapAtStart + limits.memoryBytes * WASM_HEAP_STOP_FACTOR;
  runtime.setInterruptHandler(() => {
    stop ??= pastALimit();
    return stop !== null;
  });
  function pastALimit(): Stop | null {
    if (wasmHeapBytes() > heapCap)
      return new Stop('MEMORY', `It used more than ${limits.memoryBytes / 1024 / 1024} MB.`);
    const elapsed = performance.now() - started;
    if (elapsed > limits.deadlineMs)
      return new Stop('TIMEOUT', `The run passed ${limits.deadlineMs / 1000} seconds.`);
    if (elapsed - waitedMs > limits.cpuMs)
      return new Stop(
        'TIMEOUT',
        `Its own code ran past ${limits.cpuMs / 1000} s (data reads not counted).`,
      );
    return null;
  }
  const loaded = new Set<string>();
  runtime.setModuleLoader(
    (name) => {
      const path = name.startsWith(CUSTOM_FUNCTION_IMPORT_PREFIX)
        ? name.slice(CUSTOM_FUNCTION_IMPORT_PREFIX.length)
        : null;
      const source =
        path === null
          ? undefined
          : Object.hasOwn(run.modules, path)
            ? run.modules[path]
            : undefined;
      if (source !== undefined && source.length > limits.sourceChars) {
        compileError ??= `The custom function "${path}" is longer than ${limits.sourceChars} characters.`;
        return { error: new Error(compileError) };
      }
      if (source === undefined) {
        compileError ??=
          path === null
            ? `Only custom functions can be imported ("functions/<path>"), not "${name}".`
            : `There is no custom function "${path}".`;
        return { error: new Error(compileError) };
      }
      loaded.add(path!);
      if (loaded.size > limits.imports) {
        stop ??= new Stop('LIMIT', `It imports more than ${limits.imports} custom functions.`);
        return { error: new Error(stop.detail) };
      }
      return source;
    },
    // Specifiers are absolute ("functions/a/b"); nothing is resolved relative to the importer.
    (_base, name) => name,
  );

  // No typed arrays: scripts have no use for binary data, and QuickJS's heap limit does not count
  // ArrayBuffers (this also removes SharedArrayBuffer and Atomics).
  const context = runtime.newContext({ intrinsics: { ...DefaultIntrinsics, TypedArrays: false } });
  try {
    const call = context.newFunction('call', (opHandle, payloadHandle) => {
      const op = context.getString(opHandle);
      const payload = context.getString(payloadHandle);
      let text: string;
      try {
        text = answer(op, payload);
      } catch {
        // Only the prelude calls the host; never hand the guest a host error (or its stack).
        text = 'EInvalid call.';
      }
      return context.newString(text);
    });
    const prelude = context.unwrapResult(context.evalCode(GUEST_PRELUDE, 'prelude.js'));
    const config = context.newString(
      JSON.stringify({
        now: run.now,
        dryRun: run.dryRun,
        logLineChars: limits.logLineChars,
        entityFields: ENTITY_FIELDS,
      }),
    );
    context.unwrapResult(context.callFunction(prelude, context.undefined, call, config)).dispose();
    for (const handle of [prelude, config, call]) handle.dispose();

    const failure = evaluate(context);
    const durationMs = Math.round(performance.now() - started);
    if (failure) {
      logs.force('error', failure.detail);
      return {
        ok: false,
        failure: failure.failure,
        message: `${SCRIPT_FAILURE_MESSAGES[failure.failure]} ${failure.detail}`,
        logs: logs.lines,
        proposals: [],
        reads,
        evaluated,
        durationMs,
      };
    }
    return {
      ok: true,
      failure: null,
      message: null,
      logs: logs.lines,
      proposals,
      reads,
      evaluated,
      durationMs,
    };
  } finally {
    context.dispose();
    runtime.dispose();
  }

  /** Evaluates the script as a module and settles its top-level await; a failure, or null. */
  function evaluate(context: QuickJSContext): Stop | null {
    if (run.source.length > limits.sourceChars)
      return new Stop('COMPILE', `It is longer than ${limits.sourceChars} characters.`);
    const result = context.evalCode(run.source, SCRIPT_FILE, { type: 'module' });
    if (result.error) return failureOf(context, result.error);
    const promise = result.value;
    try {
      for (;;) {
        const jobs = runtime.executePendingJobs();
        if (jobs.error) return failureOf(context, jobs.error);
        if (stop) return stop;
        if (jobs.value === 0) break;
      }
      const state = context.getPromiseState(promise);
      if (state.type === 'rejected') return failureOf(context, state.error);
      if (state.type === 'pending')
        return new Stop('THREW', 'It waited for something that never finished.');
      // A module's evaluation gives a promise; anything else is answered as its own handle.
      if (!state.notAPromise) state.value.dispose();
      return stop;
    } finally {
      promise.dispose();
    }
  }

  function failureOf(context: QuickJSContext, errorHandle: QuickJSHandle): Stop {
    const error = dumpError(context, errorHandle);
    errorHandle.dispose();
    if (stop) return stop;
    if (compileError) return new Stop('COMPILE', compileError);
    if (error.name === 'SyntaxError' && error.atCompile)
      return new Stop('COMPILE', describe(error));
    // Out of memory inside some builtins (a Map's growth) throws an empty value, not an error.
    const emptyThrow = error.empty && wasmHeapBytes() - heapAtStart > limits.memoryBytes;
    if (
      emptyThrow ||
      (error.name === 'InternalError' &&
        /out of memory|stack overflow|string too long/.test(error.message))
    )
      return new Stop('MEMORY', describe(error));
    return new Stop('THREW', describe(error));
  }

  function answer(op: string, payload: string): string {
    switch (op) {
      case 'read':
        return readFor(payload);
      case 'propose':
        return proposeFor(payload);
      case 'log': {
        const level = LOG_LEVELS.find((name) => payload.startsWith(name)) ?? 'log';
        // "C" once the log is cut: the prelude then stops formatting and sending lines.
        return logs.add(level, payload.slice(level.length)) ? '' : 'C';
      }
      default:
        return 'EUnknown host call.';
    }
  }

  function readFor(payload: string): string {
    if (reads >= limits.reads)
      return halt(new Stop('LIMIT', `It read data more than ${limits.reads} times.`));
    const parsed = scriptReadRequestSchema.safeParse(JSON.parse(payload));
    if (!parsed.success) return `EInvalid read options: ${issuesOf(parsed.error)}.`;
    reads += 1;
    const remaining = limits.deadlineMs - (performance.now() - started);
    if (remaining <= 0)
      return halt(new Stop('TIMEOUT', `The run passed ${limits.deadlineMs / 1000} seconds.`));
    const waitStarted = performance.now();
    const answered = readSync(parsed.data, remaining);
    waitedMs += performance.now() - waitStarted;
    if ('timedOut' in answered || performance.now() - started > limits.deadlineMs)
      return halt(new Stop('TIMEOUT', `The run passed ${limits.deadlineMs / 1000} seconds.`));
    if ('error' in answered) return halt(new Stop('THREW', answered.error));
    evaluated += answered.keys.length;
    for (const key of answered.keys) readKeys.add(key);
    return answered.json;
  }

  function proposeFor(payload: string): string {
    if (proposed >= limits.proposals)
      return halt(new Stop('LIMIT', `It proposed more than ${limits.proposals} actions.`));
    proposed += 1;
    const parsed = scriptProposalSchema.safeParse(JSON.parse(payload));
    if (!parsed.success) return `EInvalid ${describeAction(payload)}: ${issuesOf(parsed.error)}.`;
    const { entity } = parsed.data;
    if (entity && !readKeys.has(`${entity.level}:${entity.id}`)) {
      logs.add('error', `Refused: ${entity.level} ${entity.id} was not read by this run.`);
      return '';
    }
    proposals.push(parsed.data);
    return '';
  }

  /** Stops the run: the script sees an error now, and the interrupt handler ends it if it catches it. */
  function halt(reason: Stop): string {
    stop ??= reason;
    return `E${reason.detail}`;
  }
}

function describeAction(payload: string): string {
  const type = (JSON.parse(payload) as { action?: { type?: unknown } }).action?.type;
  return typeof type === 'string' ? `${type} proposal` : 'proposal';
}

function issuesOf(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.map(String).join('.') || 'value'} ${issue.message}`)
    .join('; ');
}

interface GuestError {
  name: string;
  message: string;
  /** The innermost frame of the script's own code (the script or a custom function), not the prelude's. */
  at: { file: string; line: number } | null;
  /** A syntax error found while parsing (its position has no stack frame of running code). */
  atCompile: boolean;
  /** null, undefined or '' was thrown. */
  empty: boolean;
}

/** The script's error in words: a thrown value of any kind, its line taken from the script's frame. */
function dumpError(context: QuickJSContext, handle: QuickJSHandle): GuestError {
  const dumped: unknown = context.dump(handle);
  if (dumped === null || typeof dumped !== 'object')
    return {
      name: 'Error',
      message: truncate(String(dumped)),
      at: null,
      atCompile: false,
      empty: dumped === null || dumped === undefined || dumped === '',
    };
  const error = dumped as {
    name?: unknown;
    message?: unknown;
    stack?: unknown;
    lineNumber?: unknown;
    fileName?: unknown;
  };
  const stack = typeof error.stack === 'string' ? error.stack : '';
  const frame = OWN_FRAME.exec(stack);
  const at =
    typeof error.lineNumber === 'number' && typeof error.fileName === 'string'
      ? { file: error.fileName, line: error.lineNumber }
      : frame
        ? { file: frame[1]!, line: Number(frame[2]) }
        : null;
  return {
    empty: false,
    name: typeof error.name === 'string' ? error.name : 'Error',
    message: truncate(
      typeof error.message === 'string' ? error.message : (JSON.stringify(dumped) ?? ''),
    ),
    at,
    atCompile: typeof error.lineNumber === 'number',
  };
}

const OWN_FRAME = new RegExp(
  `(${SCRIPT_FILE.replace('.', '\\.')}|${CUSTOM_FUNCTION_IMPORT_PREFIX}[\\w/-]+):(\\d+)`,
);

function describe(error: GuestError): string {
  if (!error.at) return `${error.name}: ${error.message}`;
  const where =
    error.at.file === SCRIPT_FILE
      ? `line ${error.at.line}`
      : `${error.at.file}, line ${error.at.line}`;
  return `${error.name}: ${error.message} (${where})`;
}

const truncate = (text: string, max = 500) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** The run's log within its caps: lines, characters per line, characters in all, then one "cut" line. */
class LogBuffer {
  readonly lines: ScriptLogLine[] = [];
  private chars = 0;
  private cut = false;

  constructor(
    private readonly limits: ScriptLimits,
    private readonly started: number,
  ) {}

  /** Keeps a line; false once the log is cut. */
  add(level: ScriptLogLevel, text: string): boolean {
    if (this.cut) return false;
    const line =
      text.length > this.limits.logLineChars
        ? `${text.slice(0, this.limits.logLineChars - 1)}…`
        : text;
    if (
      this.lines.length >= this.limits.logLines ||
      this.chars + line.length > this.limits.logChars
    ) {
      this.cut = true;
      this.force('warn', 'The log was cut here: the run wrote more than its log may keep.');
      return false;
    }
    this.chars += line.length;
    this.force(level, line);
    return true;
  }

  /** A line past the caps: the cut notice and the run's failure are always kept. */
  force(level: ScriptLogLevel, text: string) {
    this.lines.push({ level, atMs: Math.round(performance.now() - this.started), text });
  }
}
