// The script API as scripts see it: one TypeScript declaration, which the code editor loads for
// autocompletion and inline errors and docs/scripted-rules.md shows, and which the sandbox's guest
// prelude implements. Templates re-create the rule playbooks (ruleTemplate) as scripts.
import { ruleTemplate, type RuleTemplateId } from './automation-rules';
import type { ScriptedRuleInput } from './scripted-rules';

export const SCRIPT_API_DECLARATION = `/** Tapwise script API. Money is in each entity's own account currency (2.5 = 2.50). */
type Level = 'CAMPAIGN' | 'AD_GROUP' | 'KEYWORD' | 'SEARCH_TERM';
type Lookback =
  | 'LAST_1_HOUR' | 'LAST_1_DAY' | 'LAST_7_DAYS' | 'LAST_30_DAYS' | 'LAST_MONTH'
  | { range: 'CUSTOM_HOUR'; hours: number }
  | { range: 'DATE_RANGE'; start: string; end: string };
type MatchType = 'EXACT' | 'BROAD';

interface Metrics {
  spend: number; impressions: number; taps: number; installs: number;
  tapInstalls: number; viewInstalls: number; newDownloads: number; redownloads: number;
  /** Tap-through rate, as a fraction (0.05 = 5%). */
  ttr: number | null;
  /** Installs per tap, as a fraction. */
  conversionRate: number | null;
  avgCpt: number | null; avgCpm: number | null; avgCpa: number | null; cpi: number | null;
  /** A goal's metrics, when read with { goalId }. */
  goalAMPU?: number | null; attrInstall?: number | null; attrInstallRate?: number | null;
}

interface Entity {
  readonly level: Level;
  /** Apple's id; a search term's is "adGroupId:text". */
  readonly id: string;
  readonly name: string;
  readonly status: string;
  readonly adAccountId: number;
  readonly adamId: number;
  readonly campaignId: number;
  readonly adGroupId: number | null;
  readonly keywordId: number | null;
  /** A keyword's or search term's text. */
  readonly text: string | null;
  readonly currency: string;
  /** The keyword's bid (else its ad group's default bid), or an ad group's default bid. */
  readonly bid: number | null;
  /** The daily budget of the entity's campaign. */
  readonly dailyBudget: number | null;
  readonly metrics: Readonly<Metrics>;
}

interface ReadOptions {
  /** The window the metrics cover; LAST_7_DAYS when left out. */
  lookback?: Lookback;
  /** Narrow within the scripted rule's scope. */
  campaignIds?: number[];
  adGroupIds?: number[];
  /** A goal of the company: adds its metrics. */
  goalId?: string;
}

interface AmountChange {
  operation: 'SET_TO' | 'INCREASE_BY' | 'DECREASE_BY' | 'SET_TO_AVERAGE_CPA' | 'SET_TO_AVERAGE_CPT';
  /** AMOUNT (in the entity's currency) or PERCENT of the current value; AMOUNT when left out. */
  unit?: 'AMOUNT' | 'PERCENT';
  value?: number;
  /** Bounds the result stays within, as amounts ("1.50"). */
  min?: string;
  max?: string;
}

interface PeriodComparison {
  readonly entity: Entity;
  readonly current: Readonly<Metrics>;
  /** Null when the entity has no data in the previous period. */
  readonly previous: Readonly<Metrics> | null;
  /** current − previous as a fraction of previous (0.25 = +25%); null where previous is 0 or missing. */
  readonly change: Readonly<Record<keyof Metrics, number | null>>;
}

interface Tapwise {
  /** The time of the run (a backtest's day), ISO 8601. */
  readonly now: string;
  /** True in a dry run, a test run and a backtest: proposals are shown, never sent. */
  readonly dryRun: boolean;

  campaigns(options?: ReadOptions): Entity[];
  adGroups(options?: ReadOptions): Entity[];
  keywords(options?: ReadOptions): Entity[];
  searchTerms(options?: ReadOptions): Entity[];
  /** The same entities over two windows, side by side. */
  comparePeriods(level: Level, current: Lookback, previous: Lookback, options?: Omit<ReadOptions, 'lookback'>): PeriodComparison[];

  /** Helpers over numbers; nulls are left out, and an empty list gives null. */
  sum(values: (number | null)[]): number;
  average(values: (number | null)[]): number | null;
  median(values: (number | null)[]): number | null;
  /** p from 0 to 100, linear between ranks. */
  percentile(values: (number | null)[], p: number): number | null;
  /** (current − previous) / previous; null when previous is 0 or either is null. */
  change(current: number | null, previous: number | null): number | null;

  /** Proposals: each passes the safety gateway (caps, kill switches, action limit, audit, revert). */
  pause(entity: Entity, reason?: string): void;
  resume(entity: Entity, reason?: string): void;
  /** A keyword's or ad group's (default) bid. */
  changeBid(entity: Entity, change: AmountChange, reason?: string): void;
  /** A campaign's daily budget (Apple Ads v1's daily cap). */
  changeBudget(entity: Entity, change: AmountChange, reason?: string): void;
  /** A keyword's or search term's text as a negative keyword of its ad group or campaign. */
  addNegativeKeyword(entity: Entity, options: { matchType: MatchType; level?: 'AD_GROUP' | 'CAMPAIGN' }, reason?: string): void;
  /** A search term as a keyword of an ad group of the same ad account. */
  promoteSearchTerm(entity: Entity, options: { adAccountId: number; adGroupId: number; matchType: MatchType; bid?: string }, reason?: string): void;
  /** One message per run, sent after its changes. */
  notifyByEmail(recipients: { emails?: string[]; externalEmails?: string[] }, message: string): void;
  notifyBySlack(channels: { id: string; name: string }[], message: string): void;

  /** A line in the run's log. */
  log(...values: unknown[]): void;
}

declare const tw: Tapwise;
declare const console: { log(...v: unknown[]): void; info(...v: unknown[]): void; warn(...v: unknown[]): void; error(...v: unknown[]): void };
`;

/**
 * A playbook as a script. Each makes the changes the rule template of the same id makes on the
 * same data (the engine's parity test holds them to it).
 */
export function scriptTemplate(
  id: RuleTemplateId,
  promoteTo?: { adAccountId: number; adGroupId: number },
): ScriptedRuleInput {
  const rule = ruleTemplate(id, promoteTo);
  return {
    ...templateSource(id, promoteTo),
    blocks: null,
    checkFrequency: rule.checkFrequency,
    actionLimitFrequency: rule.actionLimitFrequency ?? null,
    runUntil: null,
    caps: {},
  };
}

function templateSource(
  id: RuleTemplateId,
  promoteTo?: { adAccountId: number; adGroupId: number },
): { name: string; source: string } {
  switch (id) {
    case 'CUT_WASTE':
      return {
        name: 'Cut waste script',
        source: `// Cut waste: lower by 20% the bids of keywords that spent over 20 in 7 days without an install.
for (const keyword of tw.keywords({ lookback: 'LAST_7_DAYS' })) {
  if (keyword.metrics.spend > 20 && keyword.metrics.installs < 1) {
    tw.changeBid(keyword, { operation: 'DECREASE_BY', unit: 'PERCENT', value: 20 }, 'Spends without installs');
  }
}
`,
      };
    case 'SCALE_WINNERS':
      return {
        name: 'Scale winners script',
        source: `// Scale winners: raise by 10% (up to 5.00) the bids of keywords installing cheaply.
for (const keyword of tw.keywords({ lookback: 'LAST_7_DAYS' })) {
  const cpa = keyword.metrics.avgCpa;
  if (cpa !== null && cpa < 2 && keyword.metrics.installs > 5) {
    tw.changeBid(keyword, { operation: 'INCREASE_BY', unit: 'PERCENT', value: 10, max: '5.00' }, 'Installs below target CPA');
  }
}
`,
      };
    case 'PROMOTE_SEARCH_TERMS':
      return {
        name: 'Promote search terms script',
        source: `// Promote search terms: add converting terms as exact keywords to one ad group, and as
// exact negatives where they came from. Set the ad group that receives them.
const PROMOTE_TO = { adAccountId: ${promoteTo?.adAccountId ?? 0}, adGroupId: ${promoteTo?.adGroupId ?? 0} };

for (const term of tw.searchTerms({ lookback: { range: 'CUSTOM_HOUR', hours: 336 } })) {
  const cpa = term.metrics.avgCpa;
  if (term.metrics.taps > 9 && term.metrics.installs > 1 && cpa !== null && cpa < 3) {
    tw.promoteSearchTerm(term, { ...PROMOTE_TO, matchType: 'EXACT' });
    tw.addNegativeKeyword(term, { matchType: 'EXACT', level: 'AD_GROUP' });
  }
}
`,
      };
    case 'NEGATE_NON_INSTALLING_TERMS':
      return {
        name: 'Negative for no-install terms script',
        source: `// Negative for no-install terms: exclude search terms with 20 taps or more and no install in 7 days.
for (const term of tw.searchTerms({ lookback: 'LAST_7_DAYS' })) {
  if (term.metrics.taps > 19 && term.metrics.installs < 1) {
    tw.addNegativeKeyword(term, { matchType: 'EXACT', level: 'AD_GROUP' });
  }
}
`,
      };
    case 'BUDGET_PACING':
      return {
        name: 'Budget pacing script',
        source: `// Budget pacing: raise by 10% the daily budget of campaigns that spent over 90% of it in the last day.
for (const campaign of tw.campaigns({ lookback: 'LAST_1_DAY' })) {
  if (campaign.dailyBudget !== null && campaign.metrics.spend > campaign.dailyBudget * 0.9) {
    tw.changeBudget(campaign, { operation: 'INCREASE_BY', unit: 'PERCENT', value: 10 }, 'Pacing to spend its budget');
  }
}
`,
      };
  }
}
