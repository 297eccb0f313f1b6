// The one error shape the API returns, with the numeric codes the web app maps to spec 1 §8 messages.
export const ERROR_CODES = {
  BAD_REQUEST: 10,
  MALFORMED_JSON: 11,
  PAYLOAD_TOO_LARGE: 12,
  NOT_FOUND: 13,
  RATE_LIMITED: 14,
  CONFLICT: 15,
  /** The request's body is of a media type the endpoint does not read (GraphQL takes JSON). */
  UNSUPPORTED_MEDIA_TYPE: 16,
  INVALID_SESSION: 20,
  FORBIDDEN: 21,
  /** Spec 1 §8: the account is disabled or unauthorised. */
  ACCOUNT_DISABLED: 22,
  /** Spec 1 §8: the password was changed on another device. */
  PASSWORD_CHANGED: 23,
  /** The Apple Ads integration was refused by Apple; it must be deleted and added again. */
  INVALID_INTEGRATION: 30,
  /** A manual sync asked for too soon after the last one. */
  SYNC_TOO_SOON: 31,
  /** Apple Ads refused the credentials offered when connecting. */
  APPLE_ADS_REJECTED: 32,
  /** Apple Ads refused a change (its reason is in the message); nothing was stored. */
  APPLE_ADS_WRITE_FAILED: 33,
  /** The entity changed in Apple Ads after the user loaded it; the change was not sent. */
  ENTITY_CHANGED: 34,
  /** A company's or the global automation kill switch is on: no rule change leaves Tapwise. */
  AUTOMATION_SWITCHED_OFF: 35,
  /** Apple Ads did not answer a live read (its product pages, geo, suggestions). */
  APPLE_ADS_READ_FAILED: 36,
  /** The App Store did not answer a keyword-research read (outage or rate limit); try again later. */
  APP_STORE_UNAVAILABLE: 37,
  /** The member's AI credits, or the installation's monthly AI limit, are used up. */
  AI_CREDITS_EXHAUSTED: 38,
  /** The language model failed, timed out or answered garbage; no credit was spent. */
  AI_MODEL_FAILED: 39,
  /** A partner integration was asked for before the company's first Apple Ads sync completed. */
  PARTNER_NEEDS_SYNC: 40,
  /** A postback's secret URL or signature did not match; nothing was stored. */
  POSTBACK_UNAUTHORIZED: 41,
  /** Spec 1 §8 "report name already exists": scheduled report names are unique per company. */
  REPORT_NAME_EXISTS: 42,
  /** An OAuth callback's state is unknown, used, expired or another member's; nothing was stored. */
  OAUTH_STATE_INVALID: 43,
  /** The company has no working Slack integration (none, or Slack revoked its token). */
  SLACK_NOT_CONNECTED: 44,
  /** Slack did not answer or refused a call (its error code is in the message). */
  SLACK_FAILED: 45,
  /** A locked custom function was to be edited or deleted. */
  CUSTOM_FUNCTION_LOCKED: 46,
  /** Custom function paths are unique per company (in any case). */
  CUSTOM_FUNCTION_PATH_TAKEN: 47,
  /** Scripted rules were to run or be enabled while the company has them off (onAutomationV2). */
  SCRIPTED_RULES_OFF: 48,
  /** A custom function that saved scripted rules import was to be deleted. */
  CUSTOM_FUNCTION_IN_USE: 49,
  INTERNAL: 50,
  /** The company's plan does not include this feature: the web app offers the upgrade dialog. */
  ENTERPRISE_ONLY: 51,
  /** The company's subscription is cancelled: only billing, the profile and sign-out still work. */
  SUBSCRIPTION_CANCELLED: 52,
  /** The billing provider did not answer or refused a call (its reason is in the message). */
  BILLING_PROVIDER_FAILED: 53,
  /** Billing is switched off on this installation, so billing operations do not exist. */
  BILLING_OFF: 54,
  /** The provider refused the card (declined, expired token, wrong details). */
  CARD_REJECTED: 55,
  /** A billing webhook's credentials were missing or wrong; nothing was stored. */
  BILLING_WEBHOOK_UNAUTHORIZED: 56,
} as const;

export type ErrorName = keyof typeof ERROR_CODES;
export type ErrorCode = (typeof ERROR_CODES)[ErrorName];

/**
 * The HTTP status of each error. A GraphQL answer that still carries data is a 200 (GraphQL over
 * HTTP), so the web app reads a GraphQL error's status from here by its name.
 */
export const ERROR_HTTP_STATUS: Record<ErrorName, number> = {
  BAD_REQUEST: 400,
  MALFORMED_JSON: 400,
  PAYLOAD_TOO_LARGE: 413,
  NOT_FOUND: 404,
  RATE_LIMITED: 429,
  CONFLICT: 409,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INVALID_SESSION: 401,
  FORBIDDEN: 403,
  ACCOUNT_DISABLED: 401,
  PASSWORD_CHANGED: 401,
  INVALID_INTEGRATION: 409,
  SYNC_TOO_SOON: 429,
  APPLE_ADS_REJECTED: 400,
  APPLE_ADS_WRITE_FAILED: 502,
  ENTITY_CHANGED: 409,
  AUTOMATION_SWITCHED_OFF: 423,
  APPLE_ADS_READ_FAILED: 502,
  APP_STORE_UNAVAILABLE: 503,
  AI_CREDITS_EXHAUSTED: 402,
  AI_MODEL_FAILED: 502,
  PARTNER_NEEDS_SYNC: 409,
  POSTBACK_UNAUTHORIZED: 401,
  REPORT_NAME_EXISTS: 409,
  OAUTH_STATE_INVALID: 400,
  SLACK_NOT_CONNECTED: 409,
  SLACK_FAILED: 502,
  CUSTOM_FUNCTION_LOCKED: 409,
  CUSTOM_FUNCTION_PATH_TAKEN: 409,
  SCRIPTED_RULES_OFF: 409,
  CUSTOM_FUNCTION_IN_USE: 409,
  INTERNAL: 500,
  ENTERPRISE_ONLY: 402,
  SUBSCRIPTION_CANCELLED: 402,
  BILLING_PROVIDER_FAILED: 502,
  BILLING_OFF: 404,
  CARD_REJECTED: 402,
  BILLING_WEBHOOK_UNAUTHORIZED: 401,
};

export interface ApiErrorBody {
  code: ErrorCode;
  error: ErrorName;
  message: string;
  /** Field-level problems of a rejected input, keyed by path. */
  details?: Record<string, string>;
}

/** Spec 1 §8 wording for the errors the client shows without further context. */
export const ERROR_MESSAGES = {
  ACCOUNT_DISABLED:
    'Your account is either disabled or unauthorized. Try login again or contact Admin.',
  PASSWORD_CHANGED: 'Your password has been changed in some other device, please login again.',
  INVALID_SESSION: 'Invalid Session. Try login again',
  PAYLOAD_TOO_LARGE: 'Payload size is too high.',
  CONFIG_LOAD_FAILED: 'Unable to load App. Please try later',
  SWITCH_TEAM_FAILED: 'Server did not respond',
  GENERIC: 'Something went wrong',
  EMAIL_EXISTS: 'Email already exists',
  SIGN_IN_FAILED: 'Unable to sign in. Please try again!',
  CREATE_USER_FAILED: 'Error while creating user',
  INVITE_MAIL_FAILED: 'Error while sending invitation link to email',
} as const;

/** Header carrying the client's correlation (unique request) id, echoed on every response. */
export const CORRELATION_HEADER = 'x-correlation-id';
