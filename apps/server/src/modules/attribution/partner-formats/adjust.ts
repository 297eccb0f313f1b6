// Adjust server callbacks (help.adjust.com "Callback placeholders"): a GET to the URL the user
// pastes into Adjust, its query made of placeholders Adjust fills per install or event.
// {activity_kind} is install or event; {created_at} and {installed_at} are Unix seconds;
// {revenue_float} is in whole units of {currency}; Apple Ads installs come with
// {network_name} "Apple Search Ads" (or "Apple Ads") and Apple's ids in the Apple Ads
// placeholders, or at the end of {campaign_name}/{adgroup_name}/{creative_name} as "Name (123)".
import type { AttributedEvent, GoalEventType } from '@tapwise/contracts';
import {
  appleId,
  country,
  eventTypeOf,
  flatFields,
  idInName,
  instant,
  networkOf,
  PostbackParseError,
  requiredInstant,
  requiredText,
  revenue,
  text,
  type PostbackInput,
} from './fields';

/** Adjust event names are the app's own; these are the usual ones of Adjust's examples. */
export const ADJUST_EVENT_TYPES: Readonly<Record<string, GoalEventType>> = {
  purchase: 'Revenue-Purchase',
  subscription: 'Revenue-Subscribe',
  subscribe: 'Revenue-Subscribe',
  start_trial: 'Start Trial',
  trial_started: 'Start Trial',
  registration: 'Registration Complete',
  sign_up: 'Registration Complete',
  tutorial_completed: 'Tutorial Complete',
  level_completed: 'Level Complete',
  add_to_cart: 'Add to Cart',
  add_to_wishlist: 'Add to Wishlist',
  checkout: 'Checkout Start',
  search: 'Search',
  share: 'Share With Friend',
  rate: 'Rating',
  login: 'Authentication Success',
};

export const ADJUST_CALLBACK_QUERY = [
  'activity_kind={activity_kind}',
  'event_name={event_name}',
  'event_token={event}',
  'created_at={created_at}',
  'installed_at={installed_at}',
  'revenue={revenue_float}',
  'currency={currency}',
  'country={country}',
  'adid={adid}',
  'idfv={idfv}',
  'network_name={network_name}',
  'campaign_name={campaign_name}',
  'adgroup_name={adgroup_name}',
  'creative_name={creative_name}',
  'search_ad_campaign_id={search_ad_campaign_id}',
  'search_ad_adgroup_id={search_ad_adgroup_id}',
  'search_ad_keyword_id={search_ad_keyword_id}',
].join('&');

export function parseAdjust(input: PostbackInput): AttributedEvent {
  const fields = flatFields(input);
  const activity = requiredText(fields, 'activity_kind').toLowerCase();
  if (activity !== 'install' && activity !== 'event')
    throw new PostbackParseError(`activity_kind ${activity} is not an install or event`);
  const kind = activity;
  const eventName =
    kind === 'install' ? 'install' : requiredText(fields, 'event_name', 'event_token', 'event');
  const network = networkOf(text(fields, 'network_name', 'network'));
  const apple = network === 'APPLE_ADS';
  const campaignName = text(fields, 'campaign_name');
  const adGroupName = text(fields, 'adgroup_name');
  const creativeName = text(fields, 'creative_name');
  return {
    eventId: text(fields, 'event_id', 'activity_id'),
    kind,
    eventName,
    eventType: kind === 'install' ? null : eventTypeOf(eventName, ADJUST_EVENT_TYPES),
    network,
    campaignId: apple
      ? (appleId(fields, 'search_ad_campaign_id', 'campaign_id') ?? idInName(campaignName))
      : null,
    adGroupId: apple
      ? (appleId(fields, 'search_ad_adgroup_id', 'adgroup_id') ?? idInName(adGroupName))
      : null,
    keywordId: apple
      ? (appleId(fields, 'search_ad_keyword_id', 'keyword_id') ?? idInName(creativeName))
      : null,
    countryOrRegion: country(text(fields, 'country')),
    eventTime: requiredInstant(fields, 'created_at'),
    installTime: instant(fields, 'installed_at'),
    revenue:
      kind === 'event'
        ? revenue(text(fields, 'revenue_float', 'revenue'), text(fields, 'currency'))
        : null,
  };
}
