// The postback address an integration shows: the server's public URL, the integration's secret
// key, and the query string the partner is asked to fill with its macros (docs/attribution.md).
import { createHash, randomBytes } from 'node:crypto';
import type { AttributionPartner } from '@tapwise/contracts';

/**
 * What the user pastes after the base URL in each partner's postback settings (docs/attribution.md,
 * Postbacks): the GET partners' macros; the partners that POST JSON (AppsFlyer's Push API,
 * Singular, Branch, the custom postback) need the base URL only.
 */
export const POSTBACK_QUERY_TEMPLATES: Record<Exclude<AttributionPartner, 'KOCHAVA'>, string> = {
  ADJUST:
    '?activity_kind={activity_kind}&event_name={event_name}&event_token={event}&created_at={created_at}&installed_at={installed_at}&revenue={revenue_float}&currency={currency}&country={country}&adid={adid}&idfv={idfv}&network_name={network_name}&campaign_name={campaign_name}&adgroup_name={adgroup_name}&creative_name={creative_name}&search_ad_campaign_id={search_ad_campaign_id}&search_ad_adgroup_id={search_ad_adgroup_id}&search_ad_keyword_id={search_ad_keyword_id}',
  TENJIN:
    '?event={event}&uuid={uuid}&created_at={created_at}&acquired_at={acquired_at}&ad_network={ad_network}&remote_campaign_id={remote_campaign_id}&site_id={site_id}&creative_id={creative_id}&country={country}&revenue={revenue}&currency={currency}',
  APPSFLYER: '',
  SINGULAR: '',
  BRANCH: '',
  CUSTOM_POSTBACK: '',
};

export function postbackBaseUrl(publicUrl: string, key: string) {
  return `${publicUrl.replace(/\/$/, '')}/v1/api/postbacks/${key}`;
}

export function postbackUrl(publicUrl: string, partner: AttributionPartner, key: string) {
  if (partner === 'KOCHAVA') return null;
  return postbackBaseUrl(publicUrl, key) + POSTBACK_QUERY_TEMPLATES[partner];
}

/** A new postback key: 32 random bytes, base64url; only its SHA-256 finds the integration. */
export function newPostbackKey() {
  const key = randomBytes(32).toString('base64url');
  return { key, hash: hashPostbackKey(key) };
}

export function hashPostbackKey(key: string) {
  return createHash('sha256').update(key).digest('hex');
}

/** A Standard Webhooks secret: whsec_ and 24 random bytes in base64. */
export function newSigningSecret() {
  return `whsec_${randomBytes(24).toString('base64')}`;
}
