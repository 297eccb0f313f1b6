// The script sandbox: untrusted scripts and custom functions run in QuickJS on worker threads
// (docs/scripted-rules-sandbox.md).
import { closeSandboxPool, runInSandbox } from './pool';
import type { ScriptHost, ScriptRunInput, ScriptRunResult } from './types';

export type { ScriptHost, ScriptLimits, ScriptRunInput, ScriptRunResult } from './types';
export { compileScript, listImports } from './compile';

/** Runs a script off the main thread, held to SCRIPT_LIMITS (or input.limits). Never rejects. */
export function runScript(input: ScriptRunInput, host: ScriptHost): Promise<ScriptRunResult> {
  return runInSandbox(input, host);
}

/** Stops the worker pool (tests, server shutdown). */
export function closeScriptSandbox(): Promise<void> {
  return closeSandboxPool();
}
