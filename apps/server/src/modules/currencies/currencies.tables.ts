// The daily reference rates, kept so a day's rates are downloaded once: how many units of each
// currency one euro bought on each ECB reference day. Not a company's data: every company reads
// the same rates. Only the configured source's rates are kept (switching source replaces them).
import { date, doublePrecision, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { RATES_SOURCES } from '@tapwise/contracts';

export const exchangeRates = pgTable(
  'exchange_rates',
  {
    source: text('source', { enum: RATES_SOURCES }).notNull(),
    currency: text('currency').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    unitsPerEuro: doublePrecision('units_per_euro').notNull(),
  },
  (table) => [primaryKey({ columns: [table.source, table.currency, table.date] })],
);
