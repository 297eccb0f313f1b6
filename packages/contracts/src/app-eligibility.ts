// Where an app may run on a placement (v1 app eligibility), per country: the wizard offers the
// countries Apple serves the app in and says why the others are missing (docs/campaign-creation.md).
import { z } from 'zod';
import { AD_PLACEMENTS } from './campaigns';

export const appEligibilityArgsSchema = z.object({
  adAccountId: z.number().int().positive(),
  adamId: z.number().int().positive(),
  placement: z.enum(AD_PLACEMENTS),
});
export type AppEligibilityArgs = z.infer<typeof appEligibilityArgsSchema>;

export interface CountryEligibility {
  /** ISO 3166-1 alpha-2. */
  country: string;
  eligible: boolean;
  /** Device classes the app is eligible on there (empty when not eligible). */
  deviceClasses: string[];
  /** The youngest audience Apple shows the app to there; null when Apple gives none. */
  minAge: number | null;
}

export const APP_ELIGIBILITY_MESSAGES = {
  failed:
    'Unable to check where the app can run. Every country is offered; Apple refuses those it cannot serve.',
} as const;
