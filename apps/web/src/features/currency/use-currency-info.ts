// The company's currencies, read once the company has an integration (before, USD applies).
import { DEFAULT_REPORTING_CURRENCY } from '@tapwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useIntegrationInfo } from '../integrations/use-integration-info';
import { currencyApi, currencyKeys } from './currency-api';

export function useCurrencyInfo() {
  const integration = useIntegrationInfo();
  return useQuery({
    queryKey: currencyKeys.info,
    queryFn: currencyApi.info,
    enabled: integration.data?.APPLE_SEARCH_ADS === true,
  });
}

/** The currency totals across currencies are converted into (USD until known). */
export function useReportingCurrency(): string {
  return useCurrencyInfo().data?.currency ?? DEFAULT_REPORTING_CURRENCY;
}
