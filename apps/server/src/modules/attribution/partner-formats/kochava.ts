// Kochava custom postbacks (support.kochava.com "Create a Custom Postback"): a GET to the
// destination URL with the macros the user selects. {event_name} is "_install" for installs;
// {network_name} names the attributed network ("Apple Search Ads"); Apple's ids come from the
// AdServices claim (campaignId, adGroupId, keywordId) in the campaign macros.
import type { AttributedEvent, GoalEventType } from '@tapwise/contracts';
import {
  appleId,
  country,
  eventTypeOf,
  flatFields,
  instant,
  networkOf,
  requiredInstant,
  requiredText,
  revenue,
  text,
  type PostbackInput,
} from './fields';

/** Kochava's standard event names (support.kochava.com "Post-Install Event Examples"). */
export const KOCHAVA_EVENT_TYPES: Readonly<Record<string, GoalEventType>> = {
  purchase: 'Revenue-Purchase',
  subscribe: 'Revenue-Subscribe',
  subscription: 'Revenue-Subscribe',
  start_trial: 'Start Trial',
  'start trial': 'Start Trial',
  registration_complete: 'Registration Complete',
  'registration complete': 'Registration Complete',
  tutorial_complete: 'Tutorial Complete',
  'tutorial complete': 'Tutorial Complete',
  level_complete: 'Level Complete',
  'level complete': 'Level Complete',
  add_to_cart: 'Add to Cart',
  'add to cart': 'Add to Cart',
  add_to_wish_list: 'Add to Wishlist',
  'add to wish list': 'Add to Wishlist',
  checkout_start: 'Checkout Start',
  'checkout start': 'Checkout Start',
  achievement: 'Achievement',
  ad_click: 'Ad Click',
  ad_view: 'Ad View',
  login: 'Authentication Success',
  rating: 'Rating',
  search: 'Search',
  view: 'View',
};

const INSTALL_NAMES = new Set(['_install', 'install']);

export function parseKochava(input: PostbackInput): AttributedEvent {
  const fields = flatFields(input);
  const eventName = requiredText(fields, 'event_name');
  const kind = INSTALL_NAMES.has(eventName.toLowerCase()) ? 'install' : 'event';
  const network = networkOf(text(fields, 'network_name', 'network'));
  const apple = network === 'APPLE_ADS';
  return {
    eventId: text(fields, 'event_id', 'kochava_event_id'),
    kind,
    eventName: kind === 'install' ? 'install' : eventName,
    eventType: kind === 'install' ? null : eventTypeOf(eventName, KOCHAVA_EVENT_TYPES),
    network,
    campaignId: apple ? appleId(fields, 'campaign_id', 'iad_campaign_id') : null,
    adGroupId: apple ? appleId(fields, 'adgroup_id', 'iad_adgroup_id') : null,
    keywordId: apple ? appleId(fields, 'keyword_id', 'iad_keyword_id') : null,
    countryOrRegion: country(text(fields, 'country_code', 'country')),
    eventTime: requiredInstant(fields, 'event_time', 'date', 'event_date'),
    installTime: instant(fields, 'install_time', 'install_date'),
    revenue:
      kind === 'event'
        ? revenue(text(fields, 'revenue', 'event_value'), text(fields, 'currency'))
        : null,
  };
}
