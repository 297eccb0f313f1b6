// The only code touching the stored reference rates. They are no company's data: no team filter.
import type { RatesSource } from '@tapwise/contracts';
import type { ReferenceRate } from '@tapwise/exchange-rates';
import { and, between, desc, eq, gte, inArray, lt, ne, or } from 'drizzle-orm';
import { replaceRowsByCopy } from '../../platform/db/copy-rows';
import type { Database } from '../../platform/db/database';
import { exchangeRates } from './currencies.tables';

/** The last reference day stored from a source, or null when none is. */
export async function findLatestRateDay(db: Database, source: RatesSource) {
  const [row] = await db
    .select({ date: exchangeRates.date })
    .from(exchangeRates)
    .where(eq(exchangeRates.source, source))
    .orderBy(desc(exchangeRates.date))
    .limit(1);
  return row?.date ?? null;
}

/** The source of the stored rates with its last day (one source is kept at a time). */
export async function findStoredSource(
  db: Database,
): Promise<{ source: RatesSource; latestDay: string } | null> {
  const [row] = await db
    .select({ source: exchangeRates.source, latestDay: exchangeRates.date })
    .from(exchangeRates)
    .orderBy(desc(exchangeRates.date))
    .limit(1);
  return row ?? null;
}

/**
 * Stores a source's rates by COPY (three years of them are 22,000 rows), in one transaction that
 * drops another source's rates, those older than `keepFrom`, and any of the same days (a refresh
 * run twice at once).
 */
export async function storeRates(
  db: Database,
  source: RatesSource,
  rates: readonly ReferenceRate[],
  keepFrom: string,
): Promise<void> {
  const kept = rates.filter((rate) => rate.date >= keepFrom);
  const firstNew = kept.reduce(
    (first, rate) => (rate.date < first ? rate.date : first),
    '9999-12-31',
  );
  await replaceRowsByCopy(
    db,
    exchangeRates,
    or(
      ne(exchangeRates.source, source),
      lt(exchangeRates.date, keepFrom),
      gte(exchangeRates.date, firstNew),
    )!,
    kept,
    { source },
  );
}

/** The stored rates of some currencies between two days, whatever their source. */
export async function findRates(
  db: Database,
  currencies: readonly string[],
  from: string,
  to: string,
): Promise<ReferenceRate[]> {
  if (currencies.length === 0) return [];
  return db
    .select({
      date: exchangeRates.date,
      currency: exchangeRates.currency,
      unitsPerEuro: exchangeRates.unitsPerEuro,
    })
    .from(exchangeRates)
    .where(
      and(inArray(exchangeRates.currency, [...currencies]), between(exchangeRates.date, from, to)),
    );
}
