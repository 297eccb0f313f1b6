// The sandbox's interface: what the engine hands a run, and what it gets back.
import type {
  SCRIPT_LIMITS,
  ScriptEntity,
  ScriptFailure,
  ScriptLogLine,
  ScriptProposal,
  ScriptReadRequest,
} from '@tapwise/contracts';

export interface ScriptHost {
  /** Answers a validated data read with the entities (the engine reads the database). */
  read(request: ScriptReadRequest): Promise<ScriptEntity[]>;
}

export type ScriptLimits = { -readonly [K in keyof typeof SCRIPT_LIMITS]: number };

export interface ScriptRunInput {
  source: string;
  /** Pinned custom function sources by path (the specifier without 'functions/'). */
  modules: Readonly<Record<string, string>>;
  /** tw.now and tw.dryRun. */
  now: string;
  dryRun: boolean;
  /** Tests lower limits; production uses SCRIPT_LIMITS. */
  limits?: Partial<ScriptLimits>;
}

export interface ScriptRunResult {
  ok: boolean;
  failure: ScriptFailure | null;
  /** SCRIPT_FAILURE_MESSAGES[failure] + ' ' + the script's own error (with line), in words. */
  message: string | null;
  logs: ScriptLogLine[];
  /** Valid proposals for entities this run read, in the order proposed; [] when !ok. */
  proposals: ScriptProposal[];
  reads: number;
  /** Entities the reads returned. */
  evaluated: number;
  durationMs: number;
}
