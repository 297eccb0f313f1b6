// What every partner format shares: the request as received, the typed parse error (answered
// 400), and readers of loosely typed fields (strings of numbers, several time formats, macros a
// partner left unreplaced).
import { GOAL_EVENT_TYPES, type AttributionNetwork, type GoalEventType } from '@tapwise/contracts';

/** A postback as it reached the route: query parameters and, for a POST, the parsed body. */
export interface PostbackInput {
  query: Record<string, unknown>;
  /** The parsed JSON or form body; undefined for a GET. */
  body: unknown;
}

/** A postback that is not what its partner sends, or lacks what an event needs. */
export class PostbackParseError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'PostbackParseError';
  }
}

/** Every field of the query and of a JSON object body, the body's winning on equal names. */
export function flatFields(input: PostbackInput): Record<string, unknown> {
  const body =
    input.body && typeof input.body === 'object' && !Array.isArray(input.body)
      ? (input.body as Record<string, unknown>)
      : {};
  return { ...input.query, ...body };
}

/** A macro the partner did not fill (`{campaign_id}`, `${(name)!}`, `%7Bx%7D`) counts as absent. */
const UNFILLED = /^(\{[^}]*\}|\$\{[^}]*\}|%7B.*%7D|null|undefined|\(null\))$/i;

export function text(fields: Record<string, unknown>, ...names: string[]): string | null {
  for (const name of names) {
    let value = fields[name];
    if (Array.isArray(value)) value = value[0];
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    if (typeof value !== 'string') continue;
    const trimmed = value.trim();
    if (trimmed && !UNFILLED.test(trimmed)) return trimmed;
  }
  return null;
}

export function requiredText(fields: Record<string, unknown>, ...names: string[]): string {
  const value = text(fields, ...names);
  if (value === null) throw new PostbackParseError(`${names[0]} is missing`, names[0]);
  return value;
}

/** An Apple id (campaign, ad group, keyword): a positive integer, or null. */
export function appleId(fields: Record<string, unknown>, ...names: string[]): number | null {
  const value = text(fields, ...names);
  if (value === null) return null;
  if (!/^\d{1,18}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The id at the end of a name Adjust-style: "Brand US (123456789)". */
export function idInName(name: string | null): number | null {
  const match = name?.match(/\((\d{1,18})\)\s*$/);
  return match ? Number(match[1]) : null;
}

/**
 * An instant as partners send them: ISO 8601, "YYYY-MM-DD HH:mm:ss(.SSS)" in UTC (AppsFlyer),
 * Unix seconds (Adjust) or Unix milliseconds (Branch). ISO string out; null when absent.
 */
export function instant(fields: Record<string, unknown>, ...names: string[]): string | null {
  const value = text(fields, ...names);
  if (value === null) return null;
  let ms: number;
  if (/^\d{9,10}(\.\d+)?$/.test(value)) ms = Number(value) * 1000;
  else if (/^\d{12,13}$/.test(value)) ms = Number(value);
  else if (/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?$/.test(value))
    ms = Date.parse(`${value.replace(' ', 'T')}Z`);
  else ms = Date.parse(value);
  if (!Number.isFinite(ms) || ms < Date.UTC(2000, 0, 1) || ms > Date.UTC(2100, 0, 1))
    throw new PostbackParseError(`${names[0]} is not a time`, names[0]);
  return new Date(ms).toISOString();
}

export function requiredInstant(fields: Record<string, unknown>, ...names: string[]): string {
  const value = instant(fields, ...names);
  if (value === null) throw new PostbackParseError(`${names[0]} is missing`, names[0]);
  return value;
}

/** Revenue with its currency; null when there is none (or it is zero without a currency). */
export function revenue(
  amountText: string | null,
  currencyText: string | null,
  divisor = 1,
): { amount: number; currency: string } | null {
  if (amountText === null) return null;
  const amount = Number(amountText) / divisor;
  if (!Number.isFinite(amount) || amount < 0)
    throw new PostbackParseError('the revenue is not an amount', 'revenue');
  if (amount === 0) return null;
  const currency = currencyText?.toUpperCase() ?? null;
  if (!currency || !/^[A-Z]{3}$/.test(currency))
    throw new PostbackParseError('the revenue has no currency', 'currency');
  return { amount, currency };
}

export function country(value: string | null): string | null {
  const upper = value?.toUpperCase() ?? null;
  return upper && /^[A-Z]{2}$/.test(upper) ? upper : null;
}

const APPLE_NETWORK =
  /^(apple[\s_-]*(search[\s_-]*)?ads?|apple[\s_-]*search|asa|iad|adservices|apple[\s_-]*ads[\s_-]*\(adservices\))$/i;
const NO_NETWORK = /^(organic|none|unattributed|direct|\(none\)|not attributed)$/i;

/** APPLE_ADS only when the partner names Apple's search ads; OTHER for any other network. */
export function networkOf(...names: (string | null)[]): AttributionNetwork {
  const present = names.filter((name): name is string => !!name);
  if (present.some((name) => APPLE_NETWORK.test(name.trim()))) return 'APPLE_ADS';
  if (present.length === 0 || present.every((name) => NO_NETWORK.test(name.trim())))
    return 'UNATTRIBUTED';
  return 'OTHER';
}

const SPEC_TYPES = new Map(GOAL_EVENT_TYPES.map((type) => [type.toLowerCase(), type]));

/** The spec's event type of a partner's event name: its dictionary first, then the spec's names. */
export function eventTypeOf(
  name: string,
  dictionary: Readonly<Record<string, GoalEventType>>,
): GoalEventType | null {
  return (
    dictionary[name] ?? dictionary[name.toLowerCase()] ?? SPEC_TYPES.get(name.toLowerCase()) ?? null
  );
}
