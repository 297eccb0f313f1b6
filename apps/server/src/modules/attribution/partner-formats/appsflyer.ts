// AppsFlyer Push API (support.appsflyer.com "Push API V2.0"): a JSON POST per install or in-app
// event with the raw-data field names (event_name "install" for installs, event_time and
// install_time as "YYYY-MM-DD HH:mm:ss.SSS" UTC, event_revenue and event_revenue_currency,
// media_source "Apple Search Ads" with af_c_id / af_adset_id / af_keyword_id, appsflyer_id,
// event_id). The same names as query parameters (a postback GET with AppsFlyer macros) parse too.
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

/** AppsFlyer's recommended in-app event names (dev.appsflyer.com "Event structures"). */
export const APPSFLYER_EVENT_TYPES: Readonly<Record<string, GoalEventType>> = {
  af_start_trial: 'Start Trial',
  af_purchase: 'Revenue-Purchase',
  af_subscribe: 'Revenue-Subscribe',
  af_complete_registration: 'Registration Complete',
  af_tutorial_completion: 'Tutorial Complete',
  af_level_achieved: 'Level Complete',
  af_add_to_cart: 'Add to Cart',
  af_add_to_wishlist: 'Add to Wishlist',
  af_initiated_checkout: 'Checkout Start',
  af_achievement_unlocked: 'Achievement',
  af_ad_click: 'Ad Click',
  af_ad_view: 'Ad View',
  af_login: 'Authentication Success',
  af_rate: 'Rating',
  af_search: 'Search',
  af_share: 'Share With Friend',
  af_content_view: 'View',
  af_opened_from_push_notification: 'App Launch',
};

const INSTALL_NAMES = new Set(['install', 're-attribution', 'reinstall']);

export function parseAppsFlyer(input: PostbackInput): AttributedEvent {
  const fields = flatFields(input);
  const eventName = requiredText(fields, 'event_name');
  const kind = INSTALL_NAMES.has(eventName.toLowerCase()) ? 'install' : 'event';
  const network = networkOf(text(fields, 'media_source', 'pid'));
  const apple = network === 'APPLE_ADS';
  return {
    eventId: text(fields, 'event_id', 'event_uuid'),
    kind,
    eventName: kind === 'install' ? 'install' : eventName,
    eventType: kind === 'install' ? null : eventTypeOf(eventName, APPSFLYER_EVENT_TYPES),
    network,
    campaignId: apple ? appleId(fields, 'af_c_id', 'campaign_id') : null,
    adGroupId: apple ? appleId(fields, 'af_adset_id', 'adset_id') : null,
    keywordId: apple ? appleId(fields, 'af_keyword_id', 'keyword_id') : null,
    countryOrRegion: country(text(fields, 'country_code', 'country')),
    eventTime: requiredInstant(fields, 'event_time', 'event_time_selected_timezone'),
    installTime: instant(fields, 'install_time', 'install_time_selected_timezone'),
    revenue:
      kind === 'event'
        ? revenue(
            text(fields, 'event_revenue', 'af_revenue'),
            text(fields, 'event_revenue_currency', 'af_currency'),
          )
        : null,
  };
}
