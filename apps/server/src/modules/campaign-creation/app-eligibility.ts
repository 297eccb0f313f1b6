// The app's v1 eligibility on one placement, grouped by country: the wizard's countries step
// offers the countries Apple serves the app in.
import type { AppEligibility } from '@tapwise/apple-ads';
import {
  APP_ELIGIBILITY_MESSAGES,
  SUPPLY_PLACEMENT_OF,
  type AppEligibilityArgs,
  type CountryEligibility,
} from '@tapwise/contracts';
import type { AppContext } from '../app-context';
import { openAppleAdsReader } from '../integrations/apple-ads-reader';

const PAGE_SIZE = 1000;

export async function appEligibility(
  app: Pick<AppContext, 'db' | 'secrets'>,
  teamId: string,
  args: AppEligibilityArgs,
): Promise<CountryEligibility[]> {
  const reader = await openAppleAdsReader(app, teamId, args.adAccountId);
  const records = await reader.read(async (account) => {
    const filters = [
      { field: 'adamId', operator: 'EQUALS' as const, value: args.adamId },
      {
        field: 'supplyPlacement',
        operator: 'EQUALS' as const,
        value: SUPPLY_PLACEMENT_OF[args.placement],
      },
    ];
    const all: AppEligibility[] = [];
    for (let offset = 0; ; offset += PAGE_SIZE) {
      const page = await account.apps.eligibility({
        filters,
        pagination: { offset, pageSize: PAGE_SIZE },
      });
      all.push(...page.result);
      if (page.result.length < PAGE_SIZE) return all;
    }
  }, APP_ELIGIBILITY_MESSAGES.failed);
  return byCountry(records);
}

function byCountry(records: readonly AppEligibility[]): CountryEligibility[] {
  const countries = new Map<string, CountryEligibility>();
  for (const record of records) {
    const country = countries.get(record.countryOrRegion) ?? {
      country: record.countryOrRegion,
      eligible: false,
      deviceClasses: [],
      minAge: null,
    };
    if (record.state === 'ELIGIBLE') {
      country.eligible = true;
      country.deviceClasses.push(record.deviceClass);
      if (record.minAge !== null)
        country.minAge = Math.min(country.minAge ?? record.minAge, record.minAge);
    }
    countries.set(record.countryOrRegion, country);
  }
  return [...countries.values()].sort((a, b) => a.country.localeCompare(b.country));
}
