// The partners whose postback is flat name/value fields (AppsFlyer, Kochava, Singular, Tenjin)
// differ only in which names carry what: each declares its names, this reads them the same way.
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

/** The field names of one partner, each list in order of preference. */
export interface FlatPostbackFormat {
  eventName: readonly string[];
  /** Event names (lower case) that mean an install. */
  installNames: readonly string[];
  /** A field that says "true" for an install whatever the event name. */
  installFlag?: string;
  eventId: readonly string[];
  network: readonly string[];
  campaignId: readonly string[];
  adGroupId: readonly string[];
  keywordId: readonly string[];
  country: readonly string[];
  eventTime: readonly string[];
  installTime: readonly string[];
  revenue: readonly string[];
  currency: readonly string[];
  /** The partner's event names mapped to the spec's event types. */
  eventTypes: Readonly<Record<string, GoalEventType>>;
}

export function flatPostbackParser(
  format: FlatPostbackFormat,
): (input: PostbackInput) => AttributedEvent {
  const installNames = new Set(format.installNames);
  return (input) => {
    const fields = flatFields(input);
    const eventName = requiredText(fields, ...format.eventName);
    const isInstall =
      installNames.has(eventName.toLowerCase()) ||
      (format.installFlag !== undefined && text(fields, format.installFlag) === 'true');
    const network = networkOf(text(fields, ...format.network));
    const apple = network === 'APPLE_ADS';
    return {
      eventId: text(fields, ...format.eventId),
      kind: isInstall ? 'install' : 'event',
      eventName: isInstall ? 'install' : eventName,
      eventType: isInstall ? null : eventTypeOf(eventName, format.eventTypes),
      network,
      campaignId: apple ? appleId(fields, ...format.campaignId) : null,
      adGroupId: apple ? appleId(fields, ...format.adGroupId) : null,
      keywordId: apple ? appleId(fields, ...format.keywordId) : null,
      countryOrRegion: country(text(fields, ...format.country)),
      eventTime: requiredInstant(fields, ...format.eventTime),
      installTime: instant(fields, ...format.installTime),
      revenue: isInstall
        ? null
        : revenue(text(fields, ...format.revenue), text(fields, ...format.currency)),
    };
  };
}
