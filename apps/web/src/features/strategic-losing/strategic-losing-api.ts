// The strategic losing read (docs/api/strategic-losing.md). Its actions go through the ads
// manager's writes (actionsApi), so they are guarded, capped and recorded like any manual change.
import type { StrategicLosingAnswer, StrategicLosingInput } from '@tapwise/contracts';
import { graphqlRequest } from '../../shared/api/graphql';

export const strategicLosingKeys = {
  all: ['strategicLosing'] as const,
  list: (input: StrategicLosingInput) => ['strategicLosing', input] as const,
};

export const strategicLosingApi = {
  list: async (input: StrategicLosingInput) =>
    (
      await graphqlRequest<{ strategicLosing: StrategicLosingAnswer }>(
        `query StrategicLosing($input: StrategicLosingInput!) {
          strategicLosing(input: $input) {
            windowStart windowEnd currency hasShareData storefronts total
            rows {
              countryOrRegion searchTerm share rank searchPopularity days spendMicros impressions
              taps installs cptMicros cpaMicros spendToWinMicros
              keywords { keywordId adGroupId campaignId text matchType bidMicros modificationTime }
            }
          }
        }`,
        { input },
      )
    ).strategicLosing,
};
