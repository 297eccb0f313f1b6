// The spend it would take to win a term (docs/strategic-losing.md "Spend to win"): at the app's
// current cost per impression, impressions grow with share, so reaching the top band costs
// spend × (WINNING_SHARE / share − 1) more over the same days.
import { WINNING_SHARE } from '@tapwise/contracts';

/** Apple reports shares in whole percents: a stored 0 means below 1 %, counted as 1 %. */
const SMALLEST_SHARE = 0.01;

/**
 * Extra micros over the window to reach WINNING_SHARE; 0 when the share is already there; null
 * without spend, as there is then no cost per impression to scale from.
 */
export function spendToWinMicros(spendMicros: number, share: number): number | null {
  if (share >= WINNING_SHARE) return 0;
  if (spendMicros <= 0) return null;
  return Math.round(spendMicros * (WINNING_SHARE / Math.max(share, SMALLEST_SHARE) - 1));
}
