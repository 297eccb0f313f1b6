// Branch webhooks (help.branch.io "Webhooks for Developers", "Postback Macros & Functions"): a
// JSON POST of the event as Branch's Event Ontology describes it: name ("INSTALL" or the event's
// name), id, timestamp in Unix ms, event_data (revenue, currency), user_data (geo_country_code)
// and last_attributed_touch_data whose ~feature/~channel/~advertising_partner_name name the
// network ("Apple Search Ads") with ~campaign_id, ~ad_set_id (ad group) and ~keyword_id.
import type { AttributedEvent, GoalEventType } from '@tapwise/contracts';
import {
  appleId,
  country,
  eventTypeOf,
  instant,
  networkOf,
  PostbackParseError,
  requiredInstant,
  requiredText,
  revenue,
  text,
  type PostbackInput,
} from './fields';

/** Branch's standard events (help.branch.io "Branch Event Ontology"). */
export const BRANCH_EVENT_TYPES: Readonly<Record<string, GoalEventType>> = {
  START_TRIAL: 'Start Trial',
  PURCHASE: 'Revenue-Purchase',
  SUBSCRIBE: 'Revenue-Subscribe',
  COMPLETE_REGISTRATION: 'Registration Complete',
  COMPLETE_TUTORIAL: 'Tutorial Complete',
  ACHIEVE_LEVEL: 'Level Complete',
  ADD_TO_CART: 'Add to Cart',
  ADD_TO_WISHLIST: 'Add to Wishlist',
  INITIATE_PURCHASE: 'Checkout Start',
  UNLOCK_ACHIEVEMENT: 'Achievement',
  CLICK_AD: 'Ad Click',
  VIEW_AD: 'Ad View',
  LOGIN: 'Authentication Success',
  RATE: 'Rating',
  SEARCH: 'Search',
  SHARE: 'Share With Friend',
  VIEW_ITEM: 'View',
};

const INSTALL_NAMES = new Set(['INSTALL', 'REINSTALL']);

const objectAt = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

export function parseBranch(input: PostbackInput): AttributedEvent {
  if (!input.body || typeof input.body !== 'object' || Array.isArray(input.body))
    throw new PostbackParseError('a Branch webhook is a JSON object');
  const event = objectAt(input.body);
  const touch = objectAt(event.last_attributed_touch_data);
  const data = objectAt(event.event_data);
  const user = objectAt(event.user_data);
  const install = objectAt(event.install_activity);
  const eventName = requiredText(event, 'name');
  const kind = INSTALL_NAMES.has(eventName.toUpperCase()) ? 'install' : 'event';
  const attributed = event.attributed !== false;
  const network = attributed
    ? networkOf(
        text(touch, '~advertising_partner_name'),
        text(touch, '~channel'),
        text(touch, '~feature') === 'paid advertising' ? null : text(touch, '~feature'),
      )
    : 'UNATTRIBUTED';
  const apple = network === 'APPLE_ADS';
  return {
    eventId: text(event, 'id'),
    kind,
    eventName: kind === 'install' ? 'install' : eventName,
    eventType:
      kind === 'install'
        ? null
        : (eventTypeOf(eventName.toUpperCase(), BRANCH_EVENT_TYPES) ??
          eventTypeOf(text(event, 'customer_event_alias') ?? eventName, BRANCH_EVENT_TYPES)),
    network,
    campaignId: apple ? appleId(touch, '~campaign_id') : null,
    adGroupId: apple ? appleId(touch, '~ad_set_id') : null,
    keywordId: apple ? appleId(touch, '~keyword_id') : null,
    countryOrRegion: country(text(user, 'geo_country_code', 'country')),
    eventTime: requiredInstant(event, 'timestamp', 'event_timestamp'),
    installTime: instant(install, 'timestamp'),
    revenue: kind === 'event' ? revenue(text(data, 'revenue'), text(data, 'currency')) : null,
  };
}
