// Live reads from Apple for one ad account of a team (product pages, geo, keyword suggestions):
// the things Tapwise does not sync. Writes go through the Apple write gateway instead.
import { AppleAdsError, V1RequestError, type AccountClient } from '@tapwise/apple-ads';
import type { SecretBox } from '../../platform/crypto/secret-box';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { appleAdsClientFor } from './apple-ads-connection';
import { findIntegration, listAdAccounts } from './integrations.repository';

export interface AppleAdsReader {
  adAccountId: number;
  /**
   * Runs one read; a failure becomes `failure` (a message for the user): NOT_FOUND or BAD_REQUEST
   * when Apple has no such thing or refuses the question, APPLE_ADS_READ_FAILED otherwise.
   */
  read<T>(query: (account: AccountClient) => Promise<T>, failure: string): Promise<T>;
}

/** Opens the reader for an ad account of the team; another team's account is not found. */
export async function openAppleAdsReader(
  ctx: { db: Database; secrets: SecretBox },
  teamId: string,
  adAccountId: number,
): Promise<AppleAdsReader> {
  const [integration, adAccounts] = await Promise.all([
    findIntegration(ctx.db, teamId),
    listAdAccounts(ctx.db, teamId),
  ]);
  if (!integration || !adAccounts.some((account) => account.adAccountId === adAccountId))
    throw new AppError('NOT_FOUND', 'No such ad account.');
  if (integration.state === 'INVALID')
    throw new AppError('INVALID_INTEGRATION', 'The Apple Ads integration needs to be added again.');
  const account = appleAdsClientFor(ctx.secrets, integration).forAccount(adAccountId);
  return {
    adAccountId,
    read: (query, failure) =>
      query(account).catch((error: unknown) => {
        // The client refused the request before it left Tapwise: its message names Apple's rule.
        if (error instanceof V1RequestError) throw new AppError('BAD_REQUEST', error.message);
        // Apple found nothing or refused the question: the asker's to change, not an outage.
        if (error instanceof AppleAdsError && error.kind === 'not-found')
          throw new AppError('NOT_FOUND', failure);
        if (error instanceof AppleAdsError && error.kind === 'request')
          throw new AppError('BAD_REQUEST', failure);
        if (error instanceof AppleAdsError) throw new AppError('APPLE_ADS_READ_FAILED', failure);
        throw error;
      }),
  };
}
