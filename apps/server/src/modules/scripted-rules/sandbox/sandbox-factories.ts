// Test support for the sandbox: entities as the engine would read them, and a host that answers
// reads from a fixed list and remembers what it was asked.
import type { RuleTarget, ScriptEntity, ScriptReadRequest } from '@tapwise/contracts';
import { runScript } from './index';
import type { ScriptHost, ScriptRunInput } from './types';

export function scriptEntity(overrides: Partial<ScriptEntity> & { id: string }): ScriptEntity {
  const level: RuleTarget = overrides.level ?? 'KEYWORD';
  return {
    level,
    name: `${level} ${overrides.id}`,
    status: 'ENABLED',
    adAccountId: 100,
    adamId: 200,
    campaignId: 300,
    adGroupId: level === 'CAMPAIGN' ? null : 400,
    keywordId: level === 'KEYWORD' ? Number(overrides.id) : null,
    text: level === 'KEYWORD' || level === 'SEARCH_TERM' ? `text ${overrides.id}` : null,
    currency: 'USD',
    bid: level === 'CAMPAIGN' ? null : 1.5,
    dailyBudget: 100,
    metrics: { spend: 10, impressions: 1000, taps: 20, installs: 2, avgCpa: 5 },
    ...overrides,
  };
}

export interface FakeHost extends ScriptHost {
  requests: ScriptReadRequest[];
}

/** Answers each read with the entities of its level (or what `answer` gives for the request). */
export function fakeHost(
  entities: ScriptEntity[],
  answer?: (request: ScriptReadRequest) => ScriptEntity[] | Promise<ScriptEntity[]>,
): FakeHost {
  const requests: ScriptReadRequest[] = [];
  return {
    requests,
    async read(request) {
      requests.push(request);
      return answer ? answer(request) : entities.filter((entity) => entity.level === request.level);
    },
  };
}

export function runTestScript(
  source: string,
  host: ScriptHost = fakeHost([]),
  input: Partial<Omit<ScriptRunInput, 'source'>> = {},
) {
  return runScript(
    { source, modules: {}, now: '2026-03-01T06:00:00.000Z', dryRun: true, ...input },
    host,
  );
}
