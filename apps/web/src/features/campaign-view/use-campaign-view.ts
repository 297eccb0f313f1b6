// One campaign of the team as last synced, with its ad groups, keywords and ads: the ads manager's
// report reads narrowed to the campaign (their rows are what its edit forms and switches take).
// The rows do not depend on a period; one day is asked so the answers stay small.
import {
  REPORT_MAX_PAGE_SIZE,
  type ReportLevel,
  type ReportQuery,
  type ReportRow,
} from '@tapwise/contracts';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { adsManagerApi, adsManagerKeys } from '../ads-manager/ads-manager-api';

const LEVELS = ['campaigns', 'adGroups', 'keywords', 'ads'] as const satisfies ReportLevel[];

function queryOf(campaignId: number): ReportQuery {
  const today = new Date().toISOString().slice(0, 10);
  return {
    period: { start: today, end: today },
    filter: { campaignIds: [campaignId], statusTab: 'all' },
    sortBy: 'name',
    sortDesc: false,
    limit: REPORT_MAX_PAGE_SIZE,
  };
}

export interface CampaignViewData {
  campaign: ReportRow;
  adGroups: ReportRow[];
  keywordsOf(adGroupId: number): ReportRow[];
  adsOf(adGroupId: number): ReportRow[];
}

export function useCampaignView(campaignId: number) {
  const queryClient = useQueryClient();
  const query = queryOf(campaignId);
  const answers = useQueries({
    queries: LEVELS.map((level) => ({
      queryKey: adsManagerKeys.report(level, query),
      queryFn: () => adsManagerApi.report(level, query),
    })),
  });
  const [campaigns, adGroups, keywords, ads] = answers.map((answer) => answer.data?.rows);
  const loading = answers.some((answer) => answer.isPending);
  const failed = answers.some((answer) => answer.isError);
  const campaign = campaigns?.find((row) => !row.deleted);
  const under = (rows: ReportRow[] | undefined) => (adGroupId: number) =>
    (rows ?? []).filter((row) => row.adGroupId === adGroupId && !row.deleted);
  const data: CampaignViewData | null =
    campaign && adGroups
      ? {
          campaign,
          adGroups: adGroups.filter((row) => !row.deleted),
          keywordsOf: under(keywords),
          adsOf: under(ads),
        }
      : null;
  return {
    loading,
    failed,
    data,
    /** After a change: every report read again, the ads manager's tables included. */
    reload: () => void queryClient.invalidateQueries({ queryKey: adsManagerKeys.all }),
  };
}
