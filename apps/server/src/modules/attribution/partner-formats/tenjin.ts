// Tenjin S2S callbacks (docs.tenjin.com "Callback macros"): a GET to the developer's URL with
// the macros it chooses. {event} is "install" for installs or the event's name, {created_at}
// and {acquired_at} are ISO times, {ad_network} names the network ("apple_search_ads"), and the
// Apple ids come as {remote_campaign_id}, {site_id} (the ad group) and {creative_id} (keyword).
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

export function parseTenjin(input: PostbackInput): AttributedEvent {
  const fields = flatFields(input);
  const eventName = requiredText(fields, 'event', 'event_name');
  const kind = eventName.toLowerCase() === 'install' ? 'install' : 'event';
  const network = networkOf(text(fields, 'ad_network', 'network', 'channel'));
  const apple = network === 'APPLE_ADS';
  return {
    eventId: text(fields, 'event_uuid', 'uuid', 'event_id'),
    kind,
    eventName: kind === 'install' ? 'install' : eventName,
    eventType: kind === 'install' ? null : eventTypeOf(eventName, TENJIN_EVENT_TYPES),
    network,
    campaignId: apple ? appleId(fields, 'remote_campaign_id', 'campaign_id') : null,
    adGroupId: apple ? appleId(fields, 'site_id', 'adgroup_id') : null,
    keywordId: apple ? appleId(fields, 'creative_id', 'keyword_id') : null,
    countryOrRegion: country(text(fields, 'country')),
    eventTime: requiredInstant(fields, 'created_at', 'event_time'),
    installTime: instant(fields, 'acquired_at', 'installed_at', 'install_time'),
    revenue:
      kind === 'event' ? revenue(text(fields, 'revenue', 'price'), text(fields, 'currency')) : null,
  };
}
