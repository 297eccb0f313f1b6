// Keeping the reference rates on a real database: a day's rates are downloaded once, an outage
// keeps what is stored, and the converter gives each day the last rate published before it.
import { createEcbRatesClient } from '@tapwise/exchange-rates';
import { createRatesSimulator, simulatedRate } from '@tapwise/exchange-rates-simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../../platform/db/migrate';
import { createCompany } from '../../platform/testing/factories';
import { createTestDatabase, type TestDatabase } from '../../platform/testing/test-database';
import { updateTeam } from '../teams/teams.repository';
import { findLatestRateDay, findRates, findStoredSource } from './exchange-rates.repository';
import { currencyConverter, refreshExchangeRates } from './exchange-rates.service';

let database: TestDatabase;
let now = new Date('2025-11-18T16:00:00Z');
const simulator = createRatesSimulator({ now: () => now, firstDay: '2025-01-01' });
const client = createEcbRatesClient({ now: () => now, fetch: simulator.fetch });

beforeAll(async () => {
  database = await createTestDatabase();
  await runMigrations(database);
});
afterAll(async () => {
  await database?.close();
});

describe('refreshExchangeRates', () => {
  it('stores the history first, then asks for nothing until a new day is due', async () => {
    const db = database.db;
    expect(await refreshExchangeRates(db, 'SIMULATOR', client, now)).toEqual({
      feed: 'history',
      days: 226,
    });
    expect(await findLatestRateDay(db, 'SIMULATOR')).toBe('2025-11-18');
    expect(await refreshExchangeRates(db, 'SIMULATOR', client, now)).toEqual({
      feed: null,
      days: 0,
    });
    now = new Date('2025-11-19T16:30:00Z');
    expect(await refreshExchangeRates(db, 'SIMULATOR', client, now)).toEqual({
      feed: 'latest',
      days: 1,
    });
    expect(simulator.served).toEqual(['eurofxref-hist.xml', 'eurofxref-daily.xml']);
    const [usd] = await findRates(db, ['USD'], '2025-11-19', '2025-11-19');
    expect(usd).toEqual({
      date: '2025-11-19',
      currency: 'USD',
      unitsPerEuro: simulatedRate('USD', '2025-11-19'),
    });
  });

  it('keeps the stored rates through an outage and reports it', async () => {
    now = new Date('2025-11-20T16:30:00Z');
    simulator.setFailure(503);
    await expect(refreshExchangeRates(database.db, 'SIMULATOR', client, now)).rejects.toMatchObject(
      { kind: 'http', status: 503 },
    );
    simulator.setFailure(undefined);
    expect(await findLatestRateDay(database.db, 'SIMULATOR')).toBe('2025-11-19');
  });

  it('replaces the rates of another source and drops those past three years', async () => {
    const db = database.db;
    const old = createRatesSimulator({ now: () => now, firstDay: '2022-01-03' });
    await refreshExchangeRates(
      db,
      'ECB',
      createEcbRatesClient({ now: () => now, fetch: old.fetch }),
      now,
    );
    expect(await findStoredSource(db)).toEqual({ source: 'ECB', latestDay: '2025-11-20' });
    expect(await findLatestRateDay(db, 'SIMULATOR')).toBeNull();
    expect(await findRates(db, ['USD'], '2022-01-01', '2022-11-14')).toEqual([]);
    expect((await findRates(db, ['USD'], '2022-11-15', '2022-11-30')).length).toBeGreaterThan(5);
  });
});

describe('currencyConverter', () => {
  it("converts into the company's reporting currency at each day's last published rate", async () => {
    const db = database.db;
    const company = await createCompany(db);
    await updateTeam(db, company.id, { reportingCurrency: 'GBP' });
    const converter = await currencyConverter(db, company.id, ['EUR', 'USD'], {
      start: '2025-11-14',
      end: '2025-11-17',
    });
    expect(converter.reporting).toBe('GBP');
    expect(converter.source).toBe('ECB');
    const friday = simulatedRate('GBP', '2025-11-14');
    const monday = simulatedRate('GBP', '2025-11-17');
    expect(converter.factors('EUR', { start: '2025-11-14', end: '2025-11-17' })).toEqual({
      complete: true,
      days: ['2025-11-14', '2025-11-15', '2025-11-16', '2025-11-17'],
      factors: [friday, friday, friday, monday],
    });
    const usd = converter.factors('USD', { start: '2025-11-17', end: '2025-11-17' });
    expect(usd).toEqual({
      complete: true,
      days: ['2025-11-17'],
      factors: [monday / simulatedRate('USD', '2025-11-17')],
    });
    expect(converter.factors('TWD', { start: '2025-11-17', end: '2025-11-17' })).toEqual({
      complete: false,
      missingDays: ['2025-11-17'],
    });
  });
});
