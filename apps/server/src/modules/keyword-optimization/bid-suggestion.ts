// The keyword optimisation formula (pure), as docs/keyword-optimization.md writes it down: a
// suggested bid with its reasons, bid strength, difficulty and the suggested range, from one
// keyword's numbers over the lookback. Money is integer micros of the keyword's currency.
import {
  METRICS,
  ZERO_COUNTS,
  type BidStrength,
  type BidSuggestionAction,
  type BidSuggestionReason,
  type MetricCounts,
} from '@tapwise/contracts';

/** Below this many taps the numbers say too little to move a bid. */
export const MIN_TAPS = 10;
/** A CPA within this fraction of the target holds the bid. */
export const ON_TARGET_TOLERANCE = 0.1;
/** From this share on, a keyword under target holds: it wins nearly every impression already. */
export const SATURATED_SHARE = 0.9;
/** One suggestion moves a bid by at most this fraction. */
export const STEP_CAP = 0.3;

const CENT = 10_000;
const roundCents = (micros: number) => Math.round(micros / CENT) * CENT;
const floorCents = (micros: number) => Math.floor(micros / CENT) * CENT;
const ceilCents = (micros: number) => Math.ceil(micros / CENT) * CENT;
const percent = (fraction: number) => Math.round(fraction * 100);

export interface KeywordNumbers {
  /** The keyword's bid, or its ad group's default bid when it has none. */
  bidMicros: number | null;
  counts: Pick<MetricCounts, 'localSpendMicros' | 'taps' | 'tapInstalls'>;
  /** The ad group's cpaGoal, else its own CPA over the lookback; null without either. */
  targetCpaMicros: number | null;
  /** 0-1, rank and popularity (1-5) from the impression share; null where Apple has none. */
  share: number | null;
  rank: number | null;
  searchPopularity: number | null;
}

export interface BidSuggestion {
  cptMicros: number | null;
  cpaMicros: number | null;
  conversionRate: number | null;
  suggestedBidMicros: number | null;
  action: BidSuggestionAction | null;
  reasons: BidSuggestionReason[];
  suggestedMinMicros: number | null;
  suggestedMaxMicros: number | null;
  bidStrength: BidStrength | null;
  difficultyScore: number | null;
}

const reason = (code: BidSuggestionReason['code'], value: number | null = null) => ({
  code,
  value,
});

/** Strong: share ≥ 50% and rank ≤ 2; weak: share < 20% or rank > 5; moderate otherwise. */
export function bidStrengthOf(share: number | null, rank: number | null): BidStrength | null {
  if (share === null) return null;
  if (share >= 0.5 && (rank === null || rank <= 2)) return 'STRONG';
  if (share < 0.2 || (rank !== null && rank > 5)) return 'WEAK';
  return 'MODERATE';
}

/** 0-100: half from popularity (1 → 0, 5 → 50), half from the share not won (0% → 50). */
export function difficultyScoreOf(
  searchPopularity: number | null,
  share: number | null,
): number | null {
  if (searchPopularity === null || share === null) return null;
  return Math.round(50 * ((searchPopularity - 1) / 4) + 50 * (1 - share));
}

/** The new bid, B × target / CPA (or B × (1 − cap) without installs), within the step cap. */
function steppedBid(bid: number, raw: number): { micros: number; capped: boolean } {
  const high = bid * (1 + STEP_CAP);
  const low = bid * (1 - STEP_CAP);
  // A cut value is rounded towards the bid, so it never passes the cap.
  if (raw > high) return { micros: floorCents(high), capped: true };
  if (raw < low) return { micros: Math.max(CENT, ceilCents(low)), capped: true };
  return { micros: Math.max(CENT, roundCents(raw)), capped: false };
}

function suggestion(
  numbers: KeywordNumbers,
  cpa: number | null,
): Pick<BidSuggestion, 'suggestedBidMicros' | 'action' | 'reasons'> {
  const { bidMicros: bid, counts, targetCpaMicros: target, share } = numbers;
  const none = (reasons: BidSuggestionReason[]) => ({
    suggestedBidMicros: null,
    action: null,
    reasons,
  });
  const shareReason = share === null ? [] : [reason('SHARE', percent(share))];
  if (bid === null) return none([]);
  if (counts.taps < MIN_TAPS) return none([reason('TOO_FEW_TAPS', counts.taps), ...shareReason]);
  if (target === null) return none([reason('NO_TARGET_CPA')]);
  const hold = (reasons: BidSuggestionReason[]) => ({
    suggestedBidMicros: bid,
    action: 'HOLD' as const,
    reasons,
  });
  const move = (raw: number, first: BidSuggestionReason) => {
    const { micros, capped } = steppedBid(bid, raw);
    const reasons = [
      first,
      ...shareReason,
      ...(capped ? [reason('STEP_CAPPED', percent(STEP_CAP))] : []),
    ];
    if (micros === bid) return hold(reasons);
    return {
      suggestedBidMicros: micros,
      action: micros > bid ? 'RAISE' : 'LOWER',
      reasons,
    } as const;
  };
  if (cpa === null) return move(bid * (1 - STEP_CAP), reason('NO_INSTALLS', counts.taps));
  const deviation = (cpa - target) / target;
  if (Math.abs(deviation) <= ON_TARGET_TOLERANCE)
    return hold([reason('CPA_ON_TARGET', percent(Math.abs(deviation))), ...shareReason]);
  if (deviation < 0 && share !== null && share >= SATURATED_SHARE)
    return hold([
      reason('CPA_UNDER_TARGET', percent(-deviation)),
      reason('SHARE_SATURATED', percent(share)),
    ]);
  return move(
    (bid * target) / cpa,
    reason(deviation < 0 ? 'CPA_UNDER_TARGET' : 'CPA_OVER_TARGET', percent(Math.abs(deviation))),
  );
}

/** Everything the page derives for one keyword. */
export function suggestBid(numbers: KeywordNumbers): BidSuggestion {
  const { counts, targetCpaMicros: target } = numbers;
  const full: MetricCounts = { ...ZERO_COUNTS, ...counts };
  const cpt = METRICS.avgCpt.value(full);
  const cpa = METRICS.avgCpa.value(full);
  const conversionRate = METRICS.conversionRate.value(full);
  return {
    cptMicros: cpt,
    cpaMicros: cpa,
    conversionRate,
    ...suggestion(numbers, cpa),
    // Under the price paid a bid loses the auctions it wins now; over target × conversion rate
    // a tap costs more than an install may.
    suggestedMinMicros: cpt === null ? null : ceilCents(cpt),
    suggestedMaxMicros:
      target === null || conversionRate === null || counts.tapInstalls === 0
        ? null
        : floorCents(target * conversionRate),
    bidStrength: bidStrengthOf(numbers.share, numbers.rank),
    difficultyScore: difficultyScoreOf(numbers.searchPopularity, numbers.share),
  };
}
