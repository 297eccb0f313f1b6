// GraphQL of the company's currencies (docs/api/integrations.md): the reporting currency, the ad
// accounts' own currencies and the source of the daily rates; setting the reporting currency.
import type { CurrencyInfo } from '@tapwise/contracts';
import { graphqlRequest } from '../../shared/api/graphql';
import { integrationKeys } from '../integrations/integrations-api';

const INFO = `currency accounts { adAccountId orgId orgName currency timeZone }
  rates { source latestDay }`;

export const currencyKeys = { info: integrationKeys.currency };

export const currencyApi = {
  info: async () =>
    (
      await graphqlRequest<{ getCurrencyInfo: CurrencyInfo }>(
        `query { getCurrencyInfo { ${INFO} } }`,
      )
    ).getCurrencyInfo,
  setReportingCurrency: async (currency: string) =>
    (
      await graphqlRequest<{ setReportingCurrency: CurrencyInfo }>(
        `mutation SetReportingCurrency($currency: String!) {
          setReportingCurrency(currency: $currency) { ${INFO} }
        }`,
        { currency },
      )
    ).setReportingCurrency,
};
