// AppsFlyer Push API (support.appsflyer.com "Push API V2.0"): a JSON POST per install or in-app
// event with the raw-data field names (event_name "install" for installs, event_time and
// install_time as "YYYY-MM-DD HH:mm:ss.SSS" UTC, event_revenue and event_revenue_currency,
// media_source "Apple Search Ads" with af_c_id / af_adset_id / af_keyword_id, appsflyer_id,
// event_id). The same names as query parameters (a postback GET with AppsFlyer macros) parse too.
import type { GoalEventType } from '@tapwise/contracts';
import { flatPostbackParser } from './flat-format';

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

export const parseAppsFlyer = flatPostbackParser({
  eventName: ['event_name'],
  installNames: ['install', 're-attribution', 'reinstall'],
  eventId: ['event_id', 'event_uuid'],
  network: ['media_source', 'pid'],
  campaignId: ['af_c_id', 'campaign_id'],
  adGroupId: ['af_adset_id', 'adset_id'],
  keywordId: ['af_keyword_id', 'keyword_id'],
  country: ['country_code', 'country'],
  eventTime: ['event_time', 'event_time_selected_timezone'],
  installTime: ['install_time', 'install_time_selected_timezone'],
  revenue: ['event_revenue', 'af_revenue'],
  currency: ['event_revenue_currency', 'af_currency'],
  eventTypes: APPSFLYER_EVENT_TYPES,
});
