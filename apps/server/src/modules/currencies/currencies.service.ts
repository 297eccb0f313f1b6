// The company's currencies (spec 2 §7.3 getCurrencyInfo): its reporting currency, the spec's
// global currency into which money of several currencies is converted, and its ad accounts' own.
import { reportingCurrencySchema, type CurrencyInfo } from '@tapwise/contracts';
import { z } from 'zod';
import type { AuthContext } from '../../platform/auth/auth-context';
import type { Database } from '../../platform/db/database';
import { recordActivity } from '../activity-log/activity-log.service';
import { listAdAccounts } from '../integrations/integrations.repository';
import { updateTeam } from '../teams/teams.repository';
import { findStoredSource } from './exchange-rates.repository';
import { reportingCurrencyOf } from './exchange-rates.service';

export async function currencyInfo(db: Database, teamId: string): Promise<CurrencyInfo> {
  const [currency, accounts, stored] = await Promise.all([
    reportingCurrencyOf(db, teamId),
    listAdAccounts(db, teamId),
    findStoredSource(db),
  ]);
  return {
    currency,
    accounts: accounts.map((account) => ({
      adAccountId: account.adAccountId,
      orgId: account.orgId,
      orgName: account.name,
      currency: account.currency,
      timeZone: account.timeZone,
    })),
    rates: { source: stored?.source ?? null, latestDay: stored?.latestDay ?? null },
  };
}

export async function setReportingCurrency(
  db: Database,
  caller: AuthContext & { teamId: string },
  input: unknown,
): Promise<CurrencyInfo> {
  const { currency } = z.object({ currency: reportingCurrencySchema }).parse(input);
  const before = await reportingCurrencyOf(db, caller.teamId);
  if (currency !== before) {
    await updateTeam(db, caller.teamId, { reportingCurrency: currency });
    await recordActivity(db, caller, caller.teamId, {
      logType: 'settings',
      message: `Reporting currency changed from ${before} to ${currency}`,
      featureName: 'Currency',
    });
  }
  return currencyInfo(db, caller.teamId);
}
