// The other placement types query (docs/api/other-placements.md), guarded on the server by
// keywordOptimization.read; rows, totals and series are the ads manager's own types.
import {
  METRIC_COUNT_FIELDS,
  type AppScope,
  type DateRange,
  type OtherPlacements,
} from '@tapwise/contracts';
import { graphqlRequest } from '../../shared/api/graphql';

export interface PlacementsScope extends AppScope {
  currdate: DateRange;
  prevdate: DateRange;
}

const COUNTS = `{ ${METRIC_COUNT_FIELDS.join(' ')} }`;
const TOTALS = `{ byCurrency { currency counts ${COUNTS} } converted { currency counts ${COUNTS} unconvertible source } }`;

export const otherPlacementsKeys = {
  placements: (scope: PlacementsScope) => ['otherPlacements', scope] as const,
};

export async function fetchOtherPlacements(scope: PlacementsScope): Promise<OtherPlacements> {
  const { otherPlacements } = await graphqlRequest<{ otherPlacements: OtherPlacements }>(
    `query OtherPlacements($input: OtherPlacementsInput!) {
      otherPlacements(input: $input) {
        currdate { start end } prevdate { start end }
        placements {
          placement
          campaigns { level id name status displayStatus deleted modificationTime adAccountId
            campaignId adGroupId details counts ${COUNTS} }
          current ${TOTALS}
          previous ${TOTALS}
          series { date currency converted counts ${COUNTS} }
        }
      }
    }`,
    { input: scope },
  );
  return otherPlacements;
}
