// Server configuration, read once from the environment and validated at boot.
import path from 'node:path';
import { KEYWORD_AI_TIMEOUT_MS } from '@tapwise/contracts';
import { z } from 'zod';

const commaList = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  API_BASE: z.string().default(''),
  SITE_NAME: z.string().min(1).default('Tapwise'),
  BETA_SIGNUP_URL: z.string().min(1).default('/login'),
  INVITE_DOMAIN_ALLOWLIST: commaList,
  ALLOWED_ORIGINS: commaList,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  ACTIVITY_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  WEB_DIST_DIR: z.string().optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SELF_SIGN_UP: z.enum(['true', 'false']).default('true'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Tapwise <no-reply@tapwise.local>'),
  ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)')
    .optional(),
  SYNC_INTERVAL_MINUTES: z.coerce.number().int().min(5).max(1440).default(60),
  DEMO: z.enum(['auto', 'true', 'false']).default('auto'),
  DEMO_SCENARIO: z.enum(['empty', 'new', 'demo', 'mature', 'agency']).default('demo'),
  DEMO_RESET: z.enum(['0', '1', 'true', 'false']).default('0'),
  EXCHANGE_RATES: z.enum(['auto', 'ecb', 'simulator']).default('auto'),
  KEYWORD_AI_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  KEYWORD_AI_API_KEY: z.string().min(1).optional(),
  KEYWORD_AI_MODEL: z.string().min(1).max(200).optional(),
  KEYWORD_AI_GLOBAL_MONTHLY_LIMIT: z.coerce.number().int().min(0).default(10_000),
  KEYWORD_AI_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(600_000)
    .default(KEYWORD_AI_TIMEOUT_MS),
  KOCHAVA_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  SLACK_CLIENT_ID: z.string().min(1).optional(),
  SLACK_CLIENT_SECRET: z.string().min(1).optional(),
  SLACK_SIGNING_SECRET: z.string().min(1).optional(),
  SLACK_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  SLACK_OAUTH_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  BILLING: z.enum(['off', 'chargebee']).default('off'),
  CHARGEBEE_SITE: z.string().min(1).optional(),
  CHARGEBEE_API_KEY: z.string().min(1).optional(),
  CHARGEBEE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  CHARGEBEE_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  CHARGEBEE_JS_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://js.chargebee.com/v2/chargebee.js'),
  CHARGEBEE_WEBHOOK_USERNAME: z.string().min(1).optional(),
  CHARGEBEE_WEBHOOK_PASSWORD: z.string().min(16, 'must be at least 16 characters').optional(),
  APPLE_ADS_SANDBOX_URLS: commaList.pipe(
    z.array(z.url({ protocol: /^https?$/, error: 'must be http(s) URLs separated by commas' })),
  ),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  apiBase: string;
  siteName: string;
  betaSignupUrl: string;
  inviteDomainAllowlist: string[];
  allowedOrigins: string[];
  logLevel: Env['LOG_LEVEL'];
  bodyLimitBytes: number;
  rateLimitPerMinute: number;
  activityLogRetentionDays: number;
  webDistDir: string;
  /** Unset outside production: a secret is then generated once and kept in DATA_DIR. */
  authSecret: string | undefined;
  accessTokenTtlSeconds: number;
  sessionTtlDays: number;
  /** Whether self sign-up starts enabled; staff can change it in the app. */
  selfSignUpDefault: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Hex key for secrets at rest; unset outside production: generated once in DATA_DIR. */
  encryptionKey: string | undefined;
  syncIntervalMinutes: number;
  /** `auto`: the demo starts when the database has no company yet. */
  demo: 'auto' | 'on' | 'off';
  demoScenario: 'empty' | 'new' | 'demo' | 'mature' | 'agency';
  /** Wipe DATA_DIR before starting (embedded database only). */
  demoReset: boolean;
  /**
   * Origins of Apple Ads sandboxes an integration may name instead of Apple's addresses; no other
   * address is ever called, in any environment.
   */
  appleAdsSandboxOrigins: string[];
  /**
   * Where the daily reference rates come from: the ECB's feed, or its simulator (the default
   * where a demo may run, and for tests: neither has the network).
   */
  exchangeRates: 'ECB' | 'SIMULATOR';
  /** The OpenAI-compatible endpoint of AI keyword suggestions (docs/keyword-ai.md). */
  keywordAi: KeywordAiConfig;
  /**
   * Kochava's Reporting API for the Kochava pull; unset: Kochava's own, or the sandbox's for a
   * company connected to an Apple Ads sandbox (docs/attribution.md, Kochava pull).
   */
  kochavaApiUrl: string | undefined;
  /** The Slack app of the chat integration (docs/slack.md). */
  slack: SlackConfig;
  /** Subscriptions and billing (docs/billing.md); off on a self-hosted installation by default. */
  billing: BillingConfig;
}

export interface BillingConfig {
  /** `off`: no trial, no billing pages or menu items, every feature on. */
  mode: 'off' | 'chargebee';
  site: string | undefined;
  /** Secret: never logged nor answered. */
  apiKey: string | undefined;
  /** Chargebee.js's key in the browser (publishable by design). */
  publishableKey: string | undefined;
  /** Overrides Chargebee's API address (the simulator's `/chargebee` prefix); unset: Chargebee's. */
  apiUrl: string | undefined;
  /** Where the browser loads Chargebee.js (or the simulator's stand-in) to tokenise cards. */
  jsUrl: string;
  /** Basic-auth credentials Chargebee's webhooks carry; the password is secret. */
  webhookUsername: string | undefined;
  webhookPassword: string | undefined;
}

export interface SlackConfig {
  /** The app's OAuth credentials; unset: Slack is available to sandbox-connected companies only. */
  clientId: string | undefined;
  /** Secret: never logged nor answered. */
  clientSecret: string | undefined;
  /** Verifies Slack's event callbacks; secret. Unset: the events route refuses every call. */
  signingSecret: string | undefined;
  /** Overrides of Slack's Web API base (a WebClient's slackApiUrl) and consent page. */
  apiUrl: string | undefined;
  oauthUrl: string | undefined;
}

export interface KeywordAiConfig {
  /**
   * The endpoint's base URL (an OpenAI SDK's baseURL); unset: a company connected to an Apple
   * Ads sandbox uses the sandbox's model, others have no suggestions.
   */
  baseUrl: string | undefined;
  /** Secret: never logged nor answered. */
  apiKey: string | undefined;
  /** The model used when none is asked for; unset: the first chat model the endpoint lists. */
  model: string | undefined;
  globalMonthlyLimit: number;
  timeoutMs: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

/** `npm run dev` serves the web app from Vite, which proxies the socket with its own origin. */
const VITE_DEV_ORIGIN = 'http://localhost:5173';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/**
 * The ECB's rates unless the simulator is asked for, or `auto` and a demo may run (DEMO=true, or
 * DEMO=auto outside production): the demo shows simulated rates and needs no network.
 */
function exchangeRatesSource(env: Env): Config['exchangeRates'] {
  if (env.EXCHANGE_RATES !== 'auto') return env.EXCHANGE_RATES === 'ecb' ? 'ECB' : 'SIMULATOR';
  const demoMayRun = env.DEMO === 'true' || (env.DEMO === 'auto' && env.NODE_ENV !== 'production');
  return demoMayRun ? 'SIMULATOR' : 'ECB';
}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in most shells' `VAR= cmd`.
  const present = Object.fromEntries(
    Object.entries(environment).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  const missing = [
    ...(env.AUTH_SECRET ? [] : ['AUTH_SECRET: required in production (at least 32 characters)']),
    ...(env.ENCRYPTION_KEY ? [] : ['ENCRYPTION_KEY: required in production (64 hex characters)']),
  ];
  if (env.NODE_ENV === 'production' && missing.length) throw new ConfigError(missing);
  if (env.BILLING === 'chargebee') {
    const billingMissing = (
      [
        'CHARGEBEE_SITE',
        'CHARGEBEE_API_KEY',
        'CHARGEBEE_WEBHOOK_USERNAME',
        'CHARGEBEE_WEBHOOK_PASSWORD',
      ] as const
    )
      .filter((name) => !env[name])
      .map((name) => `${name}: required when BILLING=chargebee`);
    if (billingMissing.length) throw new ConfigError(billingMissing);
  }
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    host: env.HOST,
    port: env.PORT,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    publicUrl,
    apiBase: env.API_BASE,
    siteName: env.SITE_NAME,
    betaSignupUrl: env.BETA_SIGNUP_URL,
    inviteDomainAllowlist: env.INVITE_DOMAIN_ALLOWLIST,
    allowedOrigins: env.ALLOWED_ORIGINS.length
      ? env.ALLOWED_ORIGINS
      : [new URL(publicUrl).origin, ...(env.NODE_ENV === 'development' ? [VITE_DEV_ORIGIN] : [])],
    logLevel: env.LOG_LEVEL,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    activityLogRetentionDays: env.ACTIVITY_LOG_RETENTION_DAYS,
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    authSecret: env.AUTH_SECRET,
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    sessionTtlDays: env.SESSION_TTL_DAYS,
    selfSignUpDefault: env.SELF_SIGN_UP === 'true',
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    encryptionKey: env.ENCRYPTION_KEY,
    syncIntervalMinutes: env.SYNC_INTERVAL_MINUTES,
    demo: env.DEMO === 'auto' ? 'auto' : env.DEMO === 'true' ? 'on' : 'off',
    demoScenario: env.DEMO_SCENARIO,
    demoReset: env.DEMO_RESET === '1' || env.DEMO_RESET === 'true',
    appleAdsSandboxOrigins: env.APPLE_ADS_SANDBOX_URLS.map((url) => new URL(url).origin),
    exchangeRates: exchangeRatesSource(env),
    keywordAi: {
      baseUrl: env.KEYWORD_AI_BASE_URL,
      apiKey: env.KEYWORD_AI_API_KEY,
      model: env.KEYWORD_AI_MODEL,
      globalMonthlyLimit: env.KEYWORD_AI_GLOBAL_MONTHLY_LIMIT,
      timeoutMs: env.KEYWORD_AI_TIMEOUT_MS,
    },
    kochavaApiUrl: env.KOCHAVA_API_URL,
    slack: {
      clientId: env.SLACK_CLIENT_ID,
      clientSecret: env.SLACK_CLIENT_SECRET,
      signingSecret: env.SLACK_SIGNING_SECRET,
      apiUrl: env.SLACK_API_URL,
      oauthUrl: env.SLACK_OAUTH_URL,
    },
    billing: {
      mode: env.BILLING,
      site: env.CHARGEBEE_SITE,
      apiKey: env.CHARGEBEE_API_KEY,
      publishableKey: env.CHARGEBEE_PUBLISHABLE_KEY,
      apiUrl: env.CHARGEBEE_API_URL,
      jsUrl: env.CHARGEBEE_JS_URL,
      webhookUsername: env.CHARGEBEE_WEBHOOK_USERNAME,
      webhookPassword: env.CHARGEBEE_WEBHOOK_PASSWORD,
    },
  };
}
