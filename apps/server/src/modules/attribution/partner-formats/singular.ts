// Singular internal BI postbacks (support.singular.net "Configuring Internal BI Postbacks"): a
// JSON POST per install or event. Installs come with event_name "__INSTALL__" (or
// is_install), times as Unix seconds (install_utc_timestamp, event_utc_timestamp), the network
// as "network" ("Apple Search Ads"), the network's own ids as network_campaign_id /
// network_sub_campaign_id / network_keyword_id, revenue as "revenue" with "currency".
import type { GoalEventType } from '@tapwise/contracts';
import { flatPostbackParser } from './flat-format';

/** Singular's standard event names (support.singular.net "Standard Events and Attributes"). */
export const SINGULAR_EVENT_TYPES: Readonly<Record<string, GoalEventType>> = {
  sng_start_trial: 'Start Trial',
  __iap__: 'Revenue-Purchase',
  sng_ecommerce_purchase: 'Revenue-Purchase',
  sng_subscribe: 'Revenue-Subscribe',
  sng_complete_registration: 'Registration Complete',
  sng_tutorial_complete: 'Tutorial Complete',
  sng_level_achieved: 'Level Complete',
  sng_add_to_cart: 'Add to Cart',
  sng_add_to_wishlist: 'Add to Wishlist',
  sng_checkout_initiated: 'Checkout Start',
  sng_achievement_unlocked: 'Achievement',
  sng_login: 'Authentication Success',
  sng_rate: 'Rating',
  sng_search: 'Search',
  sng_content_view: 'View',
  sng_invite: 'Share With Friend',
};

export const parseSingular = flatPostbackParser({
  eventName: ['event_name', 'name'],
  installNames: ['__install__', 'install', '__start__'],
  installFlag: 'is_install',
  eventId: ['event_id', 'singular_event_id'],
  network: ['network', 'network_name', 'partner'],
  campaignId: ['network_campaign_id', 'campaign_id'],
  adGroupId: ['network_sub_campaign_id', 'sub_campaign_id', 'adgroup_id'],
  keywordId: ['network_keyword_id', 'keyword_id'],
  country: ['country', 'country_code'],
  eventTime: ['event_utc_timestamp', 'event_timestamp', 'utc_timestamp'],
  installTime: ['install_utc_timestamp', 'install_timestamp'],
  revenue: ['revenue', 'original_revenue'],
  currency: ['currency', 'original_currency'],
  eventTypes: SINGULAR_EVENT_TYPES,
});
