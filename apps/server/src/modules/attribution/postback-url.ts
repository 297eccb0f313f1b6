// The postback address an integration shows: the server's public URL, the integration's secret
// key, and the query string the partner is asked to fill with its macros (docs/attribution.md).
import { createHash, randomBytes } from 'node:crypto';
import type { AttributionPartner } from '@tapwise/contracts';

/** What the user pastes after the base URL in each partner's postback settings. */
export const POSTBACK_QUERY_TEMPLATES: Record<Exclude<AttributionPartner, 'KOCHAVA'>, string> = {
  APPSFLYER:
    '?event_id={event_id}&event_name={event_name}&event_time={event_time}&install_time={install_time}&media_source={media_source}&campaign_id={af_c_id}&adset_id={af_adset_id}&keyword_id={af_keyword_id}&country={country_code}&revenue={event_revenue}&currency={event_revenue_currency}',
  ADJUST:
    '?activity_kind={activity_kind}&event_name={event_name}&created_at={created_at}&installed_at={installed_at}&network_name={network_name}&campaign_id={campaign_id}&adgroup_id={adgroup_id}&keyword_id={keyword_id}&country={country}&revenue={revenue}&currency={currency}&id={adid}',
  SINGULAR:
    '?event_name={event_name}&event_id={event_id}&event_time={utc_timestamp}&install_time={install_utc_timestamp}&network={network}&campaign_id={campaign_id}&adgroup_id={sub_campaign_id}&keyword_id={keyword_id}&country={country}&revenue={revenue}&currency={currency}',
  TENJIN:
    '?event={event}&uuid={uuid}&created_at={created_at}&install_at={install_at}&ad_network={ad_network}&campaign_id={remote_campaign_id}&ad_group_id={ad_group_id}&keyword_id={keyword_id}&country={country}&revenue={revenue}&currency={currency}',
  BRANCH:
    '?name={name}&id={id}&timestamp={timestamp}&install_timestamp={install_timestamp}&channel={channel}&campaign_id={campaign_id}&ad_set_id={ad_set_id}&keyword_id={keyword_id}&country={country}&revenue={revenue}&currency={currency}',
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
