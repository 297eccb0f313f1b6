// A second look before an unusual manual change reaches Apple: a bid or budget raised more than
// UNUSUAL_RAISE_FACTOR times, or a bid above the ad group's CPA goal (contracts' rule).
import {
  moneyToMicros,
  UNUSUAL_RAISE_FACTOR,
  unusualChangeReasons,
  type UnusualChangeReason,
} from '@tapwise/contracts';
import i18next from 'i18next';
import { formatMicros } from '../../../shared/format/format';
import { confirm } from '../../../shared/ui/confirm-dialog';

export type UnusualChangeKind = 'bid' | 'defaultBid' | 'dailyBudget';

/** Resolves true when nothing changes, the change looks ordinary, or the user confirms it. */
export async function confirmUnusualChange(
  kind: UnusualChangeKind,
  change: {
    currentMicros: number | null | undefined;
    /** The amount entered (a valid one); undefined when this field does not change. */
    next: string | undefined;
    cpaGoalMicros?: number | null | undefined;
  },
  currency: string,
): Promise<boolean> {
  if (change.next === undefined) return true;
  const nextMicros = moneyToMicros(change.next);
  const reasons = unusualChangeReasons({ ...change, nextMicros });
  if (reasons.length === 0) return true;
  const values = {
    next: formatMicros(nextMicros, currency),
    current: formatMicros(change.currentMicros ?? 0, currency),
    goal: formatMicros(change.cpaGoalMicros ?? 0, currency),
    factor: UNUSUAL_RAISE_FACTOR,
  };
  const line = (reason: UnusualChangeReason) =>
    i18next.t(`adsActions.unusual.${kind}.${reason}`, values);
  return confirm({
    title: i18next.t(`adsActions.unusual.${kind}.title`),
    message: reasons.map(line).join(' '),
    icon: 2,
    okLabel: i18next.t(`adsActions.unusual.${kind}.ok`),
  });
}
