// Scripted rules and custom functions (spec 1 §2 /scripted-rule and /sar-proxy, spec 2 §3.5
// onAutomationV2, §3.7 custom function, §7.3; docs/scripted-rules.md). A scripted rule is an
// automation rule whose conditions and actions are a script: it is scheduled, dry-run, backtested,
// logged and reverted as rules are, and every action it proposes passes the same safety gateway.
import { z } from 'zod';
import { ACTION_LIMIT_FREQUENCIES, CHECK_FREQUENCIES } from './automation';
import {
  CUSTOM_CHECK_MAX_HOURS,
  RULE_TARGETS,
  ruleActionSchema,
  ruleCurrencySchema,
  ruleLookbackSchema,
  safetyCapsSchema,
  type RuleActionType,
  type RuleTarget,
} from './automation-rules';
import { genericTextSchema } from './validation/names';

/**
 * A rule row is a condition-and-action rule built in the rule builder, a script, or the carrier of the keyword optimisation page's applies (one
 * per company, never scheduled nor listed: docs/keyword-optimization.md).
 */
export const AUTOMATION_RULE_KINDS = ['RULE', 'SCRIPT', 'KEYWORD_OPTIMIZATION'] as const;
export type AutomationRuleKind = (typeof AUTOMATION_RULE_KINDS)[number];

/** The bounds every script run is held to; a run past one fails alone, with a log entry saying which. */
export const SCRIPT_LIMITS = {
  /** Characters of a script's or a custom function's source. */
  sourceChars: 100_000,
  /** Heap of one run's QuickJS runtime. */
  memoryBytes: 32 * 1024 * 1024,
  /** Native stack of one run (deep recursion ends here, not in the host). */
  stackBytes: 512 * 1024,
  /** Wall-clock time of one run's own code (data reads by the host are not counted). */
  cpuMs: 2_000,
  /** Wall-clock time of a whole run, data reads included. */
  deadlineMs: 30_000,
  /** Log lines one run keeps, and characters per line and in all. */
  logLines: 500,
  logLineChars: 2_000,
  logChars: 64_000,
  /** Actions one run may propose; the rule's caps then decide how many are made. */
  proposals: 10_000,
  /** Data reads one run may make. */
  reads: 100,
  /** Custom functions one script may import (directly or through each other). */
  imports: 50,
} as const;

/**
 * The script API's data read: the entities of one level with their metrics over one lookback, in
 * the script rule's scope. The same windows as rule conditions (ruleLookbackSchema).
 */
export const scriptReadRequestSchema = z.object({
  level: z.enum(RULE_TARGETS),
  lookback: ruleLookbackSchema,
  /** Narrows further within the script rule's scope; ids outside it read nothing. */
  campaignIds: z.array(z.number().int().positive()).max(1000).default([]),
  adGroupIds: z.array(z.number().int().positive()).max(1000).default([]),
  /** A goal of the company: adds its metrics (goalAMPU, attrInstall, attrInstallRate). */
  goalId: z.uuid().optional(),
});
export type ScriptReadRequest = z.output<typeof scriptReadRequestSchema>;

/**
 * One entity as a script sees it. Money (spend, averages, bid, daily budget) is in the entity's
 * own account currency, as a number of currency units (2.5 = 2.50).
 */
export interface ScriptEntity {
  level: RuleTarget;
  /** Apple's id; a search term's is "adGroupId:text". */
  id: string;
  name: string;
  status: string;
  adAccountId: number;
  adamId: number;
  campaignId: number;
  adGroupId: number | null;
  keywordId: number | null;
  /** A search term's text, or a keyword's. */
  text: string | null;
  currency: string;
  /** The keyword's bid (else its ad group's default bid), or an ad group's default bid. */
  bid: number | null;
  /** The daily budget of the entity's campaign. */
  dailyBudget: number | null;
  /** Every report metric (and a goal's, when read with one); null where undefined (0 taps → CPT). */
  metrics: Record<string, number | null>;
}

export const SCRIPT_NOTIFICATION_ACTIONS: readonly RuleActionType[] = [
  'EMAIL_NOTIFICATION',
  'SLACK_NOTIFICATION',
];

/**
 * An action a script proposes: for an entity it read in the same run (the host refuses any other
 * id), or, for a notification (EMAIL_NOTIFICATION, SLACK_NOTIFICATION), for the run as a whole with
 * the script's message. The rule builder's action inputs, with amounts in the entity's currency.
 */
export const scriptProposalSchema = z
  .object({
    entity: z.object({ level: z.enum(RULE_TARGETS), id: z.string().min(1).max(400) }).nullable(),
    action: ruleActionSchema,
    /** The script's own words: why (kept with the change), or a notification's text. */
    message: z.string().max(2_000).optional(),
  })
  .refine(
    (proposal) =>
      (proposal.entity === null) === SCRIPT_NOTIFICATION_ACTIONS.includes(proposal.action.type),
    { message: 'validation.ruleActionInvalid', path: ['entity'] },
  );
export type ScriptProposal = z.output<typeof scriptProposalSchema>;

export const SCRIPT_LOG_LEVELS = ['log', 'info', 'warn', 'error'] as const;
export type ScriptLogLevel = (typeof SCRIPT_LOG_LEVELS)[number];
export interface ScriptLogLine {
  level: ScriptLogLevel;
  /** Milliseconds since the run started. */
  atMs: number;
  text: string;
}

/** Why a script run failed; each fails only its own run. */
export const SCRIPT_FAILURES = [
  /** A syntax error, or an import of a function that does not exist. */
  'COMPILE',
  /** The script threw (its message and line are in the log). */
  'THREW',
  /** Its own code ran past SCRIPT_LIMITS.cpuMs, or the run past deadlineMs. */
  'TIMEOUT',
  /** It ran out of memory or stack. */
  'MEMORY',
  /** Too many reads or proposals, or a proposal or read the API refuses. */
  'LIMIT',
] as const;
export type ScriptFailure = (typeof SCRIPT_FAILURES)[number];

export const SCRIPT_FAILURE_MESSAGES: Record<ScriptFailure, string> = {
  COMPILE: 'The script does not compile.',
  THREW: 'The script stopped with an error.',
  TIMEOUT: `The script ran longer than ${SCRIPT_LIMITS.cpuMs / 1000} seconds and was stopped.`,
  MEMORY: `The script used more than ${SCRIPT_LIMITS.memoryBytes / 1024 / 1024} MB of memory or ran too deep and was stopped.`,
  LIMIT: 'The script went past a limit of the script API and was stopped.',
};

/**
 * A scripted rule as saved. Its schedule, action limit, end date and caps mean what a rule's do.
 * `blocks` is the block editor's workspace when the script was last saved from blocks; the code
 * is what runs.
 */
export const scriptedRuleInput = z
  .object({
    name: genericTextSchema,
    /** Absent from a draft: saving takes the company's reporting currency (or the rule's own). */
    currency: ruleCurrencySchema.optional(),
    source: z
      .string()
      .max(SCRIPT_LIMITS.sourceChars, 'validation.scriptTooLong')
      .refine((source) => source.trim().length > 0, 'validation.required'),
    blocks: z.record(z.string(), z.unknown()).nullable().default(null),
    checkFrequency: z.enum(CHECK_FREQUENCIES),
    customHours: z.number().int().min(1).max(CUSTOM_CHECK_MAX_HOURS).optional(),
    actionLimitFrequency: z.enum(ACTION_LIMIT_FREQUENCIES).nullable().default(null),
    runUntil: z.iso.date().nullable().default(null),
    caps: safetyCapsSchema.partial().default({}),
  })
  .superRefine((rule, ctx) => {
    if (rule.checkFrequency === 'CUSTOM_HOURS' && rule.customHours === undefined)
      ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['customHours'] });
  });
export type ScriptedRuleInput = z.input<typeof scriptedRuleInput>;
export type ScriptedRuleDefinition = z.output<typeof scriptedRuleInput> & {
  /** The custom functions the script imports, with the version each had when it was saved. */
  imports: CustomFunctionPin[];
};

/** The file tree path of a custom function: folders and a name, as imported ("functions/<path>"). */
export const CUSTOM_FUNCTION_PATH =
  /^[A-Za-z][A-Za-z0-9_-]{0,63}(\/[A-Za-z][A-Za-z0-9_-]{0,63}){0,4}$/;
/** Scripts import custom functions from this prefix: `import { f } from 'functions/bids/cap'`. */
export const CUSTOM_FUNCTION_IMPORT_PREFIX = 'functions/';

export const customFunctionInput = z.object({
  path: z.string().trim().regex(CUSTOM_FUNCTION_PATH, 'validation.customFunctionPath'),
  description: z.string().trim().max(250, 'validation.maxLength').default(''),
  code: z
    .string()
    .max(SCRIPT_LIMITS.sourceChars, 'validation.scriptTooLong')
    .refine((code) => code.trim().length > 0, 'validation.required'),
});
export type CustomFunctionInput = z.input<typeof customFunctionInput>;

export interface CustomFunctionPin {
  functionId: string;
  path: string;
  version: number;
}

/** Spec 2 §3.7: id, name, description, code, isLocked, isPublic (name is the path's last part). */
export interface CustomFunction {
  id: string;
  name: string;
  path: string;
  description: string;
  code: string;
  isLocked: boolean;
  isPublic: boolean;
  version: number;
  /** Whether the caller wrote it (only its author may make it private, public, locked or unlocked). */
  isOwn: boolean;
  authorName: string | null;
  updatedAt: string;
}

/** Spec 1 §8 wording ("scripted rule enabled/disabled"), and Tapwise's own where it shows none. */
export const SCRIPTED_RULE_MESSAGES = {
  enabled: 'Scripted rule enabled successfully',
  disabled: 'Scripted rule disabled successfully',
  saved: 'Scripted rule saved successfully',
  deleted: 'Scripted rule deleted successfully',
  studioOff: 'Turn on scripted rules for the company first.',
  scriptsTurnedOn: 'Scripted rules turned on',
  scriptsTurnedOff: 'Scripted rules turned off',
  functionSaved: 'Function saved',
  functionDeleted: 'Function deleted',
  functionLocked: 'This function is locked. Unlock it to edit.',
  functionPathTaken: 'A function with this path already exists',
  functionInUse: 'Scripted rules import this function. Remove the imports first.',
  functionNotOwn: 'Only the function’s author can change who sees it or lock it.',
} as const;

/** Spec 2 §7.3 getCustomFnsFileTree: folders and functions, sorted by name. */
export interface CustomFunctionTreeNode {
  name: string;
  path: string;
  /** Present on a function; a folder has children instead. */
  functionId: string | null;
  isPublic: boolean | null;
  isLocked: boolean | null;
  children: CustomFunctionTreeNode[];
}

/** A backtest of a scripted rule's draft: the script replayed day by day over stored history. */
export const scriptBacktestInput = z.object({
  script: scriptedRuleInput,
  start: z.iso.date(),
  end: z.iso.date(),
});
export type ScriptBacktestInput = z.input<typeof scriptBacktestInput>;

/** A change a test run would make: what the planner makes of a proposal, never sent. */
export interface ScriptTestChange {
  level: string;
  entityId: string;
  entityName: string;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  capped: boolean;
  /** PLANNED, or SKIPPED / FAILED with the gateway's or planner's words in `message`. */
  status: string;
  message: string | null;
}

/** What testScriptedRule answers: the draft run now, as a dry run that records nothing. */
export interface ScriptTestResult {
  ok: boolean;
  failure: ScriptFailure | null;
  /** SCRIPT_FAILURE_MESSAGES[failure], with the script's own error text after it. */
  message: string | null;
  logs: ScriptLogLine[];
  changes: ScriptTestChange[];
  /** Entities the script read, and actions it proposed. */
  evaluated: number;
  proposals: number;
  durationMs: number;
}
