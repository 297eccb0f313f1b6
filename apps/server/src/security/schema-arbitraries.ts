// fast-check arbitraries for every argument of every root field, read from the schema: values a
// person would send (ids that exist, dates in range, the names the API knows) mixed with values
// nobody should (other ids, junk text, NUL characters, huge numbers, wrong shapes).
import {
  ADS_MANAGER_TABS,
  DATE_PRESETS,
  METRIC_FILTER_OPERATORS,
  METRIC_KEYS,
  OVERVIEW_GENDER_CODES,
  SERIES_GRANULARITIES,
  STATUS_ACTIONS,
  WRITABLE_LEVELS,
} from '@tapwise/contracts';
import fc from 'fast-check';
import type { GraphQLSchema } from 'graphql';
import { walkArguments, type ArgumentSlot, type RootOperation } from './schema-operations';

/** What exists in the fuzzed installation: ids to aim at, and whole documents that are valid. */
export interface FuzzPools {
  uuids: string[];
  appleIds: Record<'adAccountId' | 'adamId' | 'campaignId' | 'adGroupId' | 'keywordId', number[]>;
  emails: string[];
  dates: string[];
  /** Valid JSON arguments by operation name. */
  documents: Record<string, unknown[]>;
}

const junkText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '%_\\', "' or 1=1 --", '🙂'.repeat(300)),
  fc.string({ minLength: 2_000, maxLength: 5_000 }),
);

const junkNumber = fc.oneof(
  fc.integer({ min: -1_000, max: 1_000 }),
  fc.constantFrom(0, -1, 2 ** 31 - 1, -(2 ** 31), Number.MAX_SAFE_INTEGER, 1e300, -1e-300),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const named = (values: readonly string[]) => fc.oneof(fc.constantFrom(...values), junkText);

/** Text arguments the API reads as one of its names, by the argument's own name. */
const KNOWN_NAMES: Record<string, readonly string[]> = {
  tab: ADS_MANAGER_TABS,
  granularity: [...SERIES_GRANULARITIES, 'HOURLY'],
  level: [...WRITABLE_LEVELS, 'campaigns', 'keywords'],
  action: STATUS_ACTIONS,
  param: METRIC_KEYS,
  metric: METRIC_KEYS,
  sortBy: ['name', ...METRIC_KEYS],
  operator: METRIC_FILTER_OPERATORS,
  gender: OVERVIEW_GENDER_CODES,
  period: DATE_PRESETS,
  matchType: ['EXACT', 'BROAD'],
  target: ['campaign', 'adGroup'],
  statusTab: ['all', 'live', 'paused', 'deleted'],
  logType: ['member_invited', 'rule_run'],
};

const APPLE_ID_OF: Record<string, keyof FuzzPools['appleIds']> = {
  adAccountId: 'adAccountId',
  adAccountIds: 'adAccountId',
  adamId: 'adamId',
  adamIds: 'adamId',
  campaignIds: 'campaignId',
  adGroupId: 'adGroupId',
  adGroupIds: 'adGroupId',
  id: 'keywordId',
};

function leaf(
  pools: FuzzPools,
  slot: ArgumentSlot,
  enumValues: string[] | undefined,
): fc.Arbitrary<unknown> | undefined {
  const one = (() => {
    if (enumValues) return fc.constantFrom(...enumValues);
    switch (slot.type) {
      case 'ID':
        return fc.oneof(fc.constantFrom(...pools.uuids), fc.uuid(), junkText);
      case 'Boolean':
        return fc.boolean();
      case 'Int':
        return junkNumber.map(Math.trunc);
      case 'Float': {
        const kind = APPLE_ID_OF[slot.name];
        return kind ? fc.oneof(fc.constantFrom(...pools.appleIds[kind]), junkNumber) : junkNumber;
      }
      case 'DateTime':
        return fc.oneof(
          fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
          junkText,
        );
      case 'JSON':
        return fc.oneof(
          ...(pools.documents[slot.operation] ?? []).map((document) => fc.constant(document)),
          fc.jsonValue({ maxDepth: 3 }),
        );
      case 'String':
        if (['start', 'end', 'from', 'to'].includes(slot.name)) return named(pools.dates);
        if (['email', 'receiverMail'].includes(slot.name)) return named(pools.emails);
        return KNOWN_NAMES[slot.name] ? named(KNOWN_NAMES[slot.name]!) : junkText;
      default:
        return undefined;
    }
  })();
  if (!one) return undefined;
  return slot.isList ? fc.array(one, { maxLength: 4 }) : one;
}

/** Variables for an operation's document (see operationDocument). */
export function argumentsArbitrary(
  schema: GraphQLSchema,
  operation: RootOperation,
  pools: FuzzPools,
): fc.Arbitrary<Record<string, unknown>> {
  const entries = walkArguments<fc.Arbitrary<unknown>>(schema, operation, {
    leaf: (slot, enumValues) => leaf(pools, slot, enumValues),
    object: (fields) => fc.record(Object.fromEntries(fields)),
    list: (item) => fc.array(item, { maxLength: 3 }),
    optional: (value) => fc.option(value, { nil: undefined, freq: 3 }),
    absent: () => undefined,
  });
  return fc.record(Object.fromEntries(entries));
}
