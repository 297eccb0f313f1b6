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
  /**
   * Billing (docs/billing.md): null when it is off, as on a self-hosted installation by default;
   * otherwise what the browser needs to tokenise a card with the provider's own script.
   */
  billing: z
    .object({
      provider: z.literal('chargebee'),
      site: z.string().min(1),
      publishableKey: z.string(),
      jsUrl: z.string().min(1),
    })
    .nullable(),
});

export type ClientConfig = z.infer<typeof clientConfigSchema>;
