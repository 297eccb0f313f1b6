// Kochava custom postbacks (support.kochava.com "Create a Custom Postback"): a GET to the
// destination URL with the macros the user selects. {event_name} is "_install" for installs;
// {network_name} names the attributed network ("Apple Search Ads"); Apple's ids come from the
// AdServices claim (campaignId, adGroupId, keywordId) in the campaign macros.
import type { GoalEventType } from '@tapwise/contracts';
import { flatPostbackParser } from './flat-format';

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

export const parseKochava = flatPostbackParser({
  eventName: ['event_name'],
  installNames: ['_install', 'install'],
  eventId: ['event_id', 'kochava_event_id'],
  network: ['network_name', 'network'],
  campaignId: ['campaign_id', 'iad_campaign_id'],
  adGroupId: ['adgroup_id', 'iad_adgroup_id'],
  keywordId: ['keyword_id', 'iad_keyword_id'],
  country: ['country_code', 'country'],
  eventTime: ['event_time', 'date', 'event_date'],
  installTime: ['install_time', 'install_date'],
  revenue: ['revenue', 'event_value'],
  currency: ['currency'],
  eventTypes: KOCHAVA_EVENT_TYPES,
});
