// Other placement types (spec 1 §1, §2): the app's Search tab, Today tab and Product pages
// campaigns against its Search results campaigns over a period and the one compared with, with
// the ads manager's own totals, rows and daily series.
import type { z } from 'zod';
import type { ReportRow, ReportSeriesPoint } from './ads-manager';
import type { AdPlacement } from './campaigns';
import type { ReportTotals } from './currencies';
import { appScopeSchema, dateRangeSchema, type DateRange } from './overview';

export const otherPlacementsQuerySchema = appScopeSchema.extend({
  currdate: dateRangeSchema,
  /** Defaults to the period of equal length before currdate (comparisonRange 'custom'). */
  prevdate: dateRangeSchema.optional(),
});
export type OtherPlacementsQuery = z.input<typeof otherPlacementsQuerySchema>;

export interface PlacementPerformance {
  placement: AdPlacement;
  /** The campaigns of the placement with their counts over currdate (every one, by spend). */
  campaigns: ReportRow[];
  current: ReportTotals;
  previous: ReportTotals;
  /** One point per day of currdate. */
  series: ReportSeriesPoint[];
}

export interface OtherPlacements {
  currdate: DateRange;
  prevdate: DateRange;
  placements: PlacementPerformance[];
}
