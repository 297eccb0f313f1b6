// Every partner's postback format, by the partner an integration is of. Each is a pure function
// of the request (query and parsed body) to one AttributedEvent, throwing PostbackParseError.
import type { AttributedEvent, AttributionPartner } from '@tapwise/contracts';
import { parseAdjust } from './adjust';
import { parseAppsFlyer } from './appsflyer';
import { parseBranch } from './branch';
import { parseCustomPostback } from './custom-postback';
import { PostbackParseError, type PostbackInput } from './fields';
import { parseKochava } from './kochava';
import { parseSingular } from './singular';
import { parseTenjin } from './tenjin';

export { PostbackParseError, type PostbackInput } from './fields';

export const PARTNER_FORMATS: Readonly<
  Record<AttributionPartner, (input: PostbackInput) => AttributedEvent>
> = {
  ADJUST: parseAdjust,
  APPSFLYER: parseAppsFlyer,
  KOCHAVA: parseKochava,
  SINGULAR: parseSingular,
  TENJIN: parseTenjin,
  BRANCH: parseBranch,
  CUSTOM_POSTBACK: parseCustomPostback,
};

export function parsePostback(partner: AttributionPartner, input: PostbackInput): AttributedEvent {
  const parse = PARTNER_FORMATS[partner];
  if (!parse) throw new PostbackParseError(`no postback format for ${partner}`);
  return parse(input);
}
