// Attribution partners (spec 2 §3.6): the integration of a partner for one app, the custom
// postback's documented body, the Kochava pull's settings, and what every partner's postback is
// normalised to before it is stored.
import { z } from 'zod';
import { GOAL_EVENT_TYPES, type GoalEventType } from './goals';
import { ATTRIBUTION_PARTNERS, INTEGRATION_STATUSES } from './integrations';

/**
 * Where an install or event came from. Only APPLE_ADS counts in goal metrics; the other two are
 * kept apart so that a partner's other networks and organic users are never taken for Apple Ads.
 */
export const ATTRIBUTION_NETWORKS = ['APPLE_ADS', 'OTHER', 'UNATTRIBUTED'] as const;
export type AttributionNetwork = (typeof ATTRIBUTION_NETWORKS)[number];

/** What every partner's postback becomes once parsed (one install or one in-app event). */
export interface AttributedEvent {
  /** The partner's own event id when it sends one; otherwise a hash of the payload is the key. */
  eventId: string | null;
  kind: 'install' | 'event';
  /** The partner's event name as sent ("af_start_trial", "Start Trial", "install"). */
  eventName: string;
  /** The spec's event type the name maps to; null when it maps to none (kept, listed, unused). */
  eventType: GoalEventType | null;
  network: AttributionNetwork;
  /** Apple Ads ids from Apple's AdServices attribution, as the partner passes them. */
  campaignId: number | null;
  adGroupId: number | null;
  keywordId: number | null;
  countryOrRegion: string | null;
  /** ISO instants; an event without an install time counts as day 0 since install. */
  eventTime: string;
  installTime: string | null;
  /** Revenue in the currency the app reported it in; null when the event has none. */
  revenue: { amount: number; currency: string } | null;
}

/**
 * The custom postback's body (docs/attribution.md), signed per the Standard Webhooks scheme
 * (webhook-id, webhook-timestamp, webhook-signature headers; the integration's whsec_ secret).
 */
export const customPostbackBody = z.object({
  id: z.string().trim().min(1).max(200),
  type: z.enum(['install', 'event']),
  /** The event's name; a spec event type ("Start Trial") maps to itself. */
  event: z.string().trim().min(1).max(100),
  occurredAt: z.iso.datetime({ offset: true }),
  installedAt: z.iso.datetime({ offset: true }).optional(),
  attribution: z
    .object({
      /** "apple_search_ads" for Apple Ads; any other name is another network. */
      network: z.string().trim().min(1).max(100),
      campaignId: z.number().int().positive().optional(),
      adGroupId: z.number().int().positive().optional(),
      keywordId: z.number().int().positive().optional(),
      countryOrRegion: z
        .string()
        .regex(/^[A-Z]{2}$/)
        .optional(),
    })
    .nullable()
    .optional(),
  revenue: z
    .object({
      amount: z.number().finite().nonnegative(),
      currency: z.string().regex(/^[A-Z]{3}$/),
    })
    .optional(),
});
export type CustomPostbackBody = z.infer<typeof customPostbackBody>;

/** An event name a partner sent for an app, with the spec's event type it maps to. */
export interface AttrEventName {
  name: string;
  eventType: string | null;
  kind: 'install' | 'event';
  count: number;
  /** The last day it was received for (YYYY-MM-DD). */
  lastDay: string;
}

/** The network name the custom postback uses for Apple Ads. */
export const CUSTOM_POSTBACK_APPLE_NETWORK = 'apple_search_ads';

export const attributionPartnerInput = z.enum(ATTRIBUTION_PARTNERS);
export const integrationStatusValue = z.enum(INTEGRATION_STATUSES);

/** Connecting a postback partner to one of the company's apps. */
export const createAttrIntegrationInput = z.object({
  appId: z.number().int().positive(),
  partner: attributionPartnerInput.exclude(['KOCHAVA']),
});

/** What the Kochava pull reads (spec 2 §3.6 attribution save: api_key, app_guid, …). */
export const KOCHAVA_PULL_TYPES = ['install', 'event', 'all'] as const;
export const kochavaAttributionSaveInput = z.object({
  api_key: z.string().trim().min(1, 'validation.required').max(200, 'validation.required'),
  app_guid: z.string().trim().min(1, 'validation.required').max(200, 'validation.required'),
  apple_app_id: z.number().int().positive(),
  /** The first day pulled (YYYY-MM-DD); later runs go on from the last day pulled. */
  hydrate_date: z.iso.date('validation.dateInvalid'),
  type: z.enum(KOCHAVA_PULL_TYPES),
});
export type KochavaAttributionSaveInput = z.infer<typeof kochavaAttributionSaveInput>;

/** Raw postback payloads are kept this long for replays, then dropped (the counts stay). */
export const POSTBACK_RAW_RETENTION_DAYS = 30;

export const ATTRIBUTION_MESSAGES = {
  NEEDS_SYNC: 'A synced search-ads integration is needed before a partner integration.',
  EVENTS_DELAY: 'Partner events take at least 24 hours to be recognised.',
  UNAUTHORIZED: 'Unknown postback address or bad signature.',
} as const;

/** Spec event types as a zod enum, for goal inputs and the custom postback's mapping. */
export const goalEventTypeValue = z.enum(GOAL_EVENT_TYPES as [GoalEventType, ...GoalEventType[]]);
