// Integration partners, statuses and sync vocabulary (spec 2 §3.6).
import { z } from 'zod';

/** Partners as the product stores them; BRANCH and CUSTOM_POSTBACK are the spec's "also" partners. */
export const INTEGRATION_PARTNERS = [
  'ADJUST',
  'APPLE_SEARCH_ADS',
  'APPSFLYER',
  'KOCHAVA',
  'SINGULAR',
  'SLACK',
  'TENJIN',
  'BRANCH',
  'CUSTOM_POSTBACK',
] as const;
export type IntegrationPartner = (typeof INTEGRATION_PARTNERS)[number];

/** Mobile measurement partners: the sources of goal events. */
export const ATTRIBUTION_PARTNERS = [
  'ADJUST',
  'APPSFLYER',
  'KOCHAVA',
  'SINGULAR',
  'TENJIN',
  'BRANCH',
  'CUSTOM_POSTBACK',
] as const satisfies readonly IntegrationPartner[];
export type AttributionPartner = (typeof ATTRIBUTION_PARTNERS)[number];

export const INTEGRATION_STATUSES = ['ACTIVE', 'DELETED', 'DISABLED', 'SUCCESS', 'FAILED'] as const;
export type IntegrationStatus = (typeof INTEGRATION_STATUSES)[number];

/** The sync-progress `mode` of the first sync after an integration; other syncs carry other modes. */
export const FIRST_SYNC_MODE = 'FIRST';

/** Error code of a sync refused because the Apple Ads integration is no longer valid. */
export const INVALID_INTEGRATION = 'INVALID_INTEGRATION';

// Apple Ads connection (spec 2 §7.2 onboard/add-integration) and sync (spec 2 §3.6, §7.4).

/** Apple's identifiers as shown in Apple Ads > Account Settings > API. */
const appleIdentifier = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(200, 'validation.required');

const PEM_PRIVATE_KEY =
  /^-----BEGIN (EC )?PRIVATE KEY-----[\s\S]+-----END (EC )?PRIVATE KEY-----\s*$/;

export const addIntegrationInput = z.object({
  clientId: appleIdentifier,
  teamId: appleIdentifier,
  keyId: appleIdentifier,
  /** The user's own ES256 private key; omitted to use the key pair Tapwise generated. */
  privateKeyPem: z
    .string()
    .trim()
    .regex(PEM_PRIVATE_KEY, 'validation.required')
    .max(10_000, 'validation.required')
    .optional(),
  /** Apple's by default; another base (a sandbox) only where the server allows it. */
  baseUrl: z.url().optional(),
  tokenUrl: z.url().optional(),
});
export type AddIntegrationInput = z.infer<typeof addIntegrationInput>;

export const integrationIdParams = z.object({ integrationID: z.uuid() });

export const INTEGRATION_STATES = ['ACTIVE', 'INVALID'] as const;
export type IntegrationState = (typeof INTEGRATION_STATES)[number];

export const SYNC_MODES = ['FIRST', 'DAILY', 'MANUAL'] as const;
export type SyncMode = (typeof SYNC_MODES)[number];

/** Spec 1 §9: history import is limited to 24 months. */
export const SYNC_HISTORY_MONTHS = 24;
/** How long after a sync a manual sync is refused (the spec's constant 600, in seconds). */
export const MANUAL_SYNC_COOLDOWN_SECONDS = 600;

export const INTEGRATION_MESSAGES = {
  ADDED: 'Integration Added Successfully',
  DELETED: 'Integration deleted successfully',
  DELETION_STARTED: 'Integration deletion started',
  SYNC_STARTED: 'Sync started',
  READ_ONLY_ROLE:
    'Your Apple Ads role only allows reading. Managing campaigns needs admin rights with Read & Write.',
  INVALID: 'Unable to sync data due to an invalid integration, see integrations page.',
  ADD_AGAIN: 'Invalid integration, Please add again.',
  SYNC_FAILED: 'Sync failed; it will be retried.',
  SYNC_TOO_SOON: 'The last sync was less than an interval ago. Please allow more time.',
} as const;

/** `syncprogress:check` from the client. */
export const syncCheckInput = z.object({
  teamId: z.string().optional(),
  correlationId: z.string().optional(),
  syncId: z.string().optional(),
});

/** `syncprogress:event` to the company's room. */
export interface SyncProgressEvent {
  syncId: string | null;
  done: boolean;
  mode: SyncMode | null;
  /** 0 to 100. */
  progress: number;
  /** ISO time of the last completed sync, null before the first. */
  lastSyncAt: string | null;
  error: string | null;
  errCode: typeof INVALID_INTEGRATION | null;
  /**
   * The worker running the sync was lost or stopped; another one resumes it from its checkpoint
   * (true until that one has checkpointed).
   */
  resuming: boolean;
  bfrInfo: {
    /** True while the first sync runs: every sync button stays disabled. */
    firstSyncCD: boolean;
    /** Seconds until a manual sync is allowed again; 0 when allowed. */
    dailySyncCD: number;
  };
}

/** `delInt:process` to the company's room while an integration is deleted. */
export interface IntegrationDeletionEvent {
  integrationId: string;
  progress: number;
  done: boolean;
  successMessage: string | null;
  error: string | null;
}
