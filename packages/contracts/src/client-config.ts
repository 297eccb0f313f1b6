import { z } from 'zod';

/** What the server publishes at /config.json for the web app to load at start (spec 2 §7.1). */
export const clientConfigSchema = z.object({
  apiBase: z.string(),
  siteName: z.string().min(1),
  inviteDomainAllowlist: z.array(z.string()),
  appVersion: z.string(),
  /** Where /signup sends people while self sign-up is off (the marketing beta page). */
  betaSignupUrl: z.string(),
  /** Whether an Apple Ads connection may name its own API address (test servers, the sandbox). */
  appleAdsCustomUrls: z.boolean(),
});

export type ClientConfig = z.infer<typeof clientConfigSchema>;
