// The goal metrics in SQL (sorts and top lists) against GOAL_METRICS, the one definition, on
// counts with and without their denominators.
import { GOAL_METRIC_KEYS, GOAL_METRICS, ZERO_COUNTS } from '@tapwise/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../platform/testing/test-database';
import { rowsOf } from '../analytics/overview.repository';
import { GOAL_RANK_EXPRESSIONS } from './goals.repository';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const SAMPLES = [
  {
    localSpendMicros: 30_000_000,
    totalInstalls: 12,
    goals: 3,
    goalsRevenueMicros: 29_970_000,
    attrInstalls: 4,
  },
  {
    localSpendMicros: 7_000_000,
    totalInstalls: 0,
    goals: 0,
    goalsRevenueMicros: 0,
    attrInstalls: 0,
  },
  {
    localSpendMicros: 0,
    totalInstalls: 5,
    goals: 7,
    goalsRevenueMicros: 1_000_001,
    attrInstalls: 3,
  },
];

describe('goal rank expressions', () => {
  it('answer what GOAL_METRICS answers, null where it has no value', async () => {
    for (const sample of SAMPLES) {
      const columns = sql.raw(
        GOAL_METRIC_KEYS.map((key) => `${GOAL_RANK_EXPRESSIONS[key]} AS "${key}"`).join(', '),
      );
      const [row] = await rowsOf(
        database.db,
        sql`SELECT ${columns} FROM (SELECT ${sample.localSpendMicros}::float8 AS "localSpendMicros",
          ${sample.totalInstalls}::float8 AS "totalInstalls", ${sample.goals}::float8 AS "goals",
          ${sample.goalsRevenueMicros}::float8 AS "goalsRevenueMicros",
          ${sample.attrInstalls}::float8 AS "attrInstalls") t`,
      );
      const counts = { ...ZERO_COUNTS, ...sample };
      for (const key of GOAL_METRIC_KEYS) {
        const expected = GOAL_METRICS[key].value(counts);
        const actual = row![key] === null ? null : Number(row![key]);
        if (expected === null) expect(actual, key).toBeNull();
        // Money per goal or install is rounded to whole micros by the definition only.
        else expect(actual, key).toBeCloseTo(expected, GOAL_METRICS[key].kind === 'money' ? -1 : 9);
      }
    }
  });
});
