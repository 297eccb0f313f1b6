// The countries step's options: the countries where Apple lets the app run on the placement (v1
// app eligibility), the others listed disabled so the user sees why; every country while no app is
// chosen or when Apple does not answer (docs/campaign-creation.md).
import type { AdPlacement, CountryEligibility } from '@tapwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { graphqlRequest } from '../../shared/api/graphql';
import { countryOptions } from '../ads-manager/actions/country-names';

export interface CountryOption {
  value: string;
  label: string;
  disabled?: boolean;
}

const eligibilityOf = async (adAccountId: number, adamId: number, placement: AdPlacement) =>
  (
    await graphqlRequest<{ getAppEligibility: CountryEligibility[] }>(
      `query AppEligibility($adAccountId: Float!, $adamId: Float!, $placement: String!) {
        getAppEligibility(adAccountId: $adAccountId, adamId: $adamId, placement: $placement) {
          country eligible deviceClasses minAge
        }
      }`,
      { adAccountId, adamId, placement },
    )
  ).getAppEligibility;

export function useCountryOptions(
  app: { adAccountId: number | null; adamId: number | null },
  placement: AdPlacement,
) {
  const { t, i18n } = useTranslation();
  const { adAccountId, adamId } = app;
  const eligibility = useQuery({
    queryKey: ['campaignCreation', 'eligibility', adAccountId, adamId, placement],
    queryFn: () => eligibilityOf(adAccountId!, adamId!, placement),
    enabled: adAccountId !== null && adamId !== null,
    staleTime: 10 * 60_000,
  });
  const options = useMemo((): CountryOption[] => {
    const all = countryOptions(i18n.language);
    if (!eligibility.data) return all;
    const byCountry = new Map(eligibility.data.map((row) => [row.country, row]));
    return all
      .filter((option) => byCountry.has(option.value))
      .map((option) =>
        byCountry.get(option.value)!.eligible
          ? option
          : {
              ...option,
              label: t('campaignCreation.eligibility.notEligible', { country: option.label }),
              disabled: true,
            },
      );
  }, [eligibility.data, i18n.language, t]);
  return { options, loading: eligibility.isLoading, failed: eligibility.isError };
}
