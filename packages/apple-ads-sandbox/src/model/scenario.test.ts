import { describe, expect, it } from 'vitest';
import { COUNTRY_VOLUME } from './catalogue.js';
import { SCENARIOS, scenarioSize, seedScenario, type ScenarioName } from './scenario.js';
import { SandboxStore } from './store.js';

const NOW = Date.UTC(2026, 2, 15, 17, 30);
const sum = (
  sizes: ReturnType<typeof scenarioSize>,
  key: 'apps' | 'campaigns' | 'adGroups' | 'keywords',
) => sizes.reduce((total, size) => total + size[key], 0);

function seeded(scenario: ScenarioName): SandboxStore {
  const store = new SandboxStore(42, () => NOW);
  seedScenario(store, scenario);
  return store;
}

describe('scenario plans', () => {
  it.each(['demo', 'mature'] as const)(
    'sizes the %s scenario as seeding creates it',
    (scenario) => {
      const store = seeded(scenario);
      const sizes = scenarioSize(scenario);
      expect(sizes).toHaveLength(store.adAccounts.size);
      expect(sum(sizes, 'apps')).toBe([...store.accountApps.values()].flat().length);
      expect(sum(sizes, 'campaigns')).toBe(store.campaigns.size);
      expect(sum(sizes, 'adGroups')).toBe(store.adGroups.size);
      expect(sum(sizes, 'keywords')).toBe(store.keywords.size);
    },
  );

  // Seeding the agency takes seconds; its plan is checked instead, and the bench syncs it whole.
  it('plans the agency: 40 apps over five accounts and the twelve storefronts, 200,000 keywords', () => {
    const sizes = scenarioSize('agency');
    expect(sizes).toHaveLength(5);
    expect(sum(sizes, 'apps')).toBe(40);
    expect(sum(sizes, 'campaigns')).toBe(1_000);
    expect(sum(sizes, 'adGroups')).toBe(10_000);
    expect(sum(sizes, 'keywords')).toBe(200_000);
    expect(new Set(sizes.flatMap((size) => size.markets))).toEqual(
      new Set(Object.keys(COUNTRY_VOLUME)),
    );
    expect(new Set(sizes.map((size) => size.timezone)).size).toBe(5);
    expect(new Set(sizes.map((size) => size.currency))).toEqual(
      new Set(['USD', 'EUR', 'GBP', 'AUD']),
    );
  });

  it('lists every scenario', () => {
    expect(SCENARIOS).toEqual(['empty', 'new', 'demo', 'mature', 'agency']);
  });
});
