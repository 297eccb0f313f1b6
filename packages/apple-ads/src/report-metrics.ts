// Converts Apple's report metrics into Tapwise's form: integer counts, money in micros, zeros
// for omitted metrics, and the keyword status drift (ACTIVE/ENABLED) folded to one value.
import { moneyToMicros } from './money.js';
import type { WireMetrics } from './types.js';

export interface Metrics {
  date: string | null;
  impressions: number;
  taps: number;
  tapInstalls: number;
  viewInstalls: number;
  totalInstalls: number;
  tapNewDownloads: number;
  tapRedownloads: number;
  viewNewDownloads: number;
  viewRedownloads: number;
  tapPreOrdersPlaced: number;
  viewPreOrdersPlaced: number;
  localSpendMicros: number;
}

/**
 * The report metrics toMetrics reads, for a request's `fields`: Apple then leaves out the rates,
 * averages and totals Tapwise derives itself, which are most of a report's bytes.
 */
export const METRICS_READ = [
  'impressions',
  'taps',
  'tapInstalls',
  'viewInstalls',
  'totalInstalls',
  'tapNewDownloads',
  'tapRedownloads',
  'viewNewDownloads',
  'viewRedownloads',
  'tapPreOrdersPlaced',
  'viewPreOrdersPlaced',
  'localSpend',
] as const satisfies readonly (keyof WireMetrics)[];

export function toMetrics(wire: WireMetrics): Metrics {
  return {
    date: wire.date ?? null,
    impressions: wire.impressions ?? 0,
    taps: wire.taps ?? 0,
    tapInstalls: wire.tapInstalls ?? 0,
    viewInstalls: wire.viewInstalls ?? 0,
    totalInstalls: wire.totalInstalls ?? (wire.tapInstalls ?? 0) + (wire.viewInstalls ?? 0),
    tapNewDownloads: wire.tapNewDownloads ?? 0,
    tapRedownloads: wire.tapRedownloads ?? 0,
    viewNewDownloads: wire.viewNewDownloads ?? 0,
    viewRedownloads: wire.viewRedownloads ?? 0,
    tapPreOrdersPlaced: wire.tapPreOrdersPlaced ?? 0,
    viewPreOrdersPlaced: wire.viewPreOrdersPlaced ?? 0,
    localSpendMicros: moneyToMicros(wire.localSpend),
  };
}

/** ENABLED and ACTIVE both mean live (WIRE.md section 7 drift). */
export function normaliseKeywordStatus(status: string): 'ENABLED' | 'PAUSED' | 'DELETED' {
  if (status === 'ACTIVE' || status === 'ENABLED') return 'ENABLED';
  if (status === 'DELETED') return 'DELETED';
  return 'PAUSED';
}

/** promotedObjectId may be a string (docs) or a number (live impression share). */
export function adamIdOf(promotedObjectId: string | number): number {
  const adamId = typeof promotedObjectId === 'number' ? promotedObjectId : Number(promotedObjectId);
  if (!Number.isSafeInteger(adamId))
    throw new RangeError(`not an adamId: ${String(promotedObjectId)}`);
  return adamId;
}
