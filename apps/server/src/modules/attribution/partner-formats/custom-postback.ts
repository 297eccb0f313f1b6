// The custom postback (docs/attribution.md): Tapwise's own JSON body, `customPostbackBody`,
// signed per Standard Webhooks (the signature is checked by the route before this parses).
import {
  CUSTOM_POSTBACK_APPLE_NETWORK,
  customPostbackBody,
  type AttributedEvent,
} from '@tapwise/contracts';
import { eventTypeOf, networkOf, PostbackParseError, type PostbackInput } from './fields';

export function parseCustomPostback(input: PostbackInput): AttributedEvent {
  const parsed = customPostbackBody.safeParse(input.body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new PostbackParseError(
      `the body is not a custom postback: ${issue?.path.join('.') || 'body'} ${issue?.message ?? ''}`.trim(),
      issue?.path.join('.'),
    );
  }
  const body = parsed.data;
  const attribution = body.attribution ?? null;
  const network =
    attribution === null
      ? 'UNATTRIBUTED'
      : attribution.network === CUSTOM_POSTBACK_APPLE_NETWORK
        ? 'APPLE_ADS'
        : networkOf(attribution.network) === 'UNATTRIBUTED'
          ? 'UNATTRIBUTED'
          : 'OTHER';
  const apple = network === 'APPLE_ADS';
  return {
    eventId: body.id,
    kind: body.type,
    eventName: body.event,
    // Spec names map to themselves; other names are kept with no type.
    eventType: body.type === 'install' ? null : eventTypeOf(body.event, {}),
    network,
    campaignId: apple ? (attribution?.campaignId ?? null) : null,
    adGroupId: apple ? (attribution?.adGroupId ?? null) : null,
    keywordId: apple ? (attribution?.keywordId ?? null) : null,
    countryOrRegion: attribution?.countryOrRegion ?? null,
    eventTime: new Date(body.occurredAt).toISOString(),
    installTime: body.installedAt ? new Date(body.installedAt).toISOString() : null,
    revenue: body.revenue && body.revenue.amount > 0 ? body.revenue : null,
  };
}
