// Tenjin S2S callbacks (docs.tenjin.com "Callback macros"): a GET to the developer's URL with
// the macros it chooses. {event} is "install" for installs or the event's name, {created_at}
// and {acquired_at} are ISO times, {ad_network} names the network ("apple_search_ads"), and the
// Apple ids come as {remote_campaign_id}, {site_id} (the ad group) and {creative_id} (keyword).
import type { GoalEventType } from '@tapwise/contracts';
import { flatPostbackParser } from './flat-format';

/** Tenjin passes the app's own event names; the usual ones of its SDK examples. */
export const TENJIN_EVENT_TYPES: Readonly<Record<string, GoalEventType>> = {
  purchase: 'Revenue-Purchase',
  subscribe: 'Revenue-Subscribe',
  subscription: 'Revenue-Subscribe',
  start_trial: 'Start Trial',
  trial: 'Start Trial',
  registration: 'Registration Complete',
  sign_up: 'Registration Complete',
  tutorial_complete: 'Tutorial Complete',
  level_complete: 'Level Complete',
  ad_click: 'Ad Click',
  ad_view: 'Ad View',
};

export const parseTenjin = flatPostbackParser({
  eventName: ['event', 'event_name'],
  installNames: ['install'],
  eventId: ['event_uuid', 'uuid', 'event_id'],
  network: ['ad_network', 'network', 'channel'],
  campaignId: ['remote_campaign_id', 'campaign_id'],
  adGroupId: ['site_id', 'adgroup_id'],
  keywordId: ['creative_id', 'keyword_id'],
  country: ['country'],
  eventTime: ['created_at', 'event_time'],
  installTime: ['acquired_at', 'installed_at', 'install_time'],
  revenue: ['revenue', 'price'],
  currency: ['currency'],
  eventTypes: TENJIN_EVENT_TYPES,
});
