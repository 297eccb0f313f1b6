// Singular internal BI postbacks (support.singular.net "Configuring Internal BI Postbacks"): a
// JSON POST per install or event. Installs come with event_name "__INSTALL__" (or
// is_install), times as Unix seconds (install_utc_timestamp, event_utc_timestamp), the network
// as "network" ("Apple Search Ads"), the network's own ids as network_campaign_id /
// network_sub_campaign_id / network_keyword_id, revenue as "revenue" with "currency".
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

const INSTALL_NAMES = new Set(['__install__', 'install', '__start__']);

export function parseSingular(input: PostbackInput): AttributedEvent {
  const fields = flatFields(input);
  const eventName = requiredText(fields, 'event_name', 'name');
  const isInstall =
    INSTALL_NAMES.has(eventName.toLowerCase()) || text(fields, 'is_install') === 'true';
  const kind = isInstall ? 'install' : 'event';
  const network = networkOf(text(fields, 'network', 'network_name', 'partner'));
  const apple = network === 'APPLE_ADS';
  return {
    eventId: text(fields, 'event_id', 'singular_event_id'),
    kind,
    eventName: isInstall ? 'install' : eventName,
    eventType: isInstall ? null : eventTypeOf(eventName, SINGULAR_EVENT_TYPES),
    network,
    campaignId: apple ? appleId(fields, 'network_campaign_id', 'campaign_id') : null,
    adGroupId: apple
      ? appleId(fields, 'network_sub_campaign_id', 'sub_campaign_id', 'adgroup_id')
      : null,
    keywordId: apple ? appleId(fields, 'network_keyword_id', 'keyword_id') : null,
    countryOrRegion: country(text(fields, 'country', 'country_code')),
    eventTime: requiredInstant(fields, 'event_utc_timestamp', 'event_timestamp', 'utc_timestamp'),
    installTime: instant(fields, 'install_utc_timestamp', 'install_timestamp'),
    revenue: isInstall
      ? null
      : revenue(
          text(fields, 'revenue', 'original_revenue'),
          text(fields, 'currency', 'original_currency'),
        ),
  };
}
