// /strategic-losing (docs/strategic-losing.md): the search terms where an app loses impression
// share to rivals over Apple's last 30 days, its own numbers there and the spend it would take to
// win; per term, raise the matching keyword's bid or add the term as an exact keyword.
import { Group, NumberInput, Pagination, Paper, Select, Stack, Text } from '@mantine/core';
import {
  STRATEGIC_LOSING_PAGE_SIZE,
  STRATEGIC_LOSING_SORTS,
  type StrategicLosingInput,
  type StrategicLosingSort,
} from '@tapwise/contracts';
import { IconChartBarOff, IconFilterOff } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../auth/session/session-access';
import { useSession } from '../auth/session/use-session';
import { AppSelector } from '../overview/app-selector';
import { overviewApi, overviewKeys } from '../overview/overview-api';
import type { AppKey } from '../overview/use-overview-selection';
import { EmptyPageState, PageFrame } from '../../shared/ui/page-frame';
import { PanelBody } from '../../shared/ui/panel';
import { strategicLosingApi, strategicLosingKeys } from './strategic-losing-api';
import { LosingTermsTable } from './losing-terms-table';

interface Filters {
  storefront: string | null;
  minPopularity: number | null;
  /** 0-100 as typed; the server takes 0-1. */
  maxSharePercent: number | null;
  sort: StrategicLosingSort;
}

const NO_FILTERS: Filters = {
  storefront: null,
  minPopularity: null,
  maxSharePercent: null,
  sort: 'spendToWin',
};

export default function StrategicLosingPage() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  // The actions are the ads manager's writes: both permissions are needed.
  const canWrite =
    hasPermission(session, 'keywordOptimization.write') &&
    hasPermission(session, 'adsManager.write');
  const queryClient = useQueryClient();
  const apps = useQuery({ queryKey: overviewKeys.ownApps, queryFn: overviewApi.ownApps });
  const [chosen, setChosen] = useState<AppKey | null>(null);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  // 1-based; the server sorts every lost term and answers this page of them.
  const [page, setPage] = useState(1);
  const app =
    apps.data?.find(
      (candidate) =>
        candidate.adAccountId === chosen?.adAccountId && candidate.adamId === chosen.adamId,
    ) ?? apps.data?.[0];
  const input: StrategicLosingInput = {
    adAccountId: app?.adAccountId ?? 0,
    adamId: app?.adamId ?? 0,
    storefront: filters.storefront,
    minPopularity: filters.minPopularity,
    maxShare: filters.maxSharePercent === null ? null : filters.maxSharePercent / 100,
    sort: filters.sort,
    offset: (page - 1) * STRATEGIC_LOSING_PAGE_SIZE,
    limit: STRATEGIC_LOSING_PAGE_SIZE,
  };
  const losing = useQuery({
    queryKey: strategicLosingKeys.list(input),
    queryFn: () => strategicLosingApi.list(input),
    enabled: app !== undefined,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: strategicLosingKeys.all });
  const regionNames = new Intl.DisplayNames([i18n.resolvedLanguage ?? 'en'], { type: 'region' });
  // Another filter or sort starts again from the first page.
  const update = (change: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...change }));
    setPage(1);
  };

  return (
    <PageFrame title={t('strategicLosing.title')}>
      <PanelBody query={apps} skeletonHeight={60}>
        {(ownApps) =>
          app === undefined ? (
            <Text c="dimmed" data-testid="no-own-apps">
              {t('strategicLosing.noApps')}
            </Text>
          ) : (
            <Stack gap="lg">
              <Text size="sm" c="dimmed">
                {t('strategicLosing.intro')}
              </Text>
              <Group gap="md" align="flex-end" wrap="wrap">
                <AppSelector
                  apps={ownApps}
                  app={app}
                  onChange={(key) => {
                    setChosen(key);
                    update({ storefront: null });
                  }}
                />
                <Select
                  label={t('strategicLosing.storefront')}
                  w={200}
                  searchable
                  clearable
                  placeholder={t('strategicLosing.allStorefronts')}
                  data={(losing.data?.storefronts ?? []).map((code) => ({
                    value: code,
                    label: regionNames.of(code) ?? code,
                  }))}
                  value={filters.storefront}
                  onChange={(value) => update({ storefront: value })}
                />
                <Select
                  label={t('strategicLosing.minPopularity')}
                  w={160}
                  clearable
                  placeholder={t('strategicLosing.any')}
                  data={['1', '2', '3', '4', '5']}
                  value={filters.minPopularity === null ? null : String(filters.minPopularity)}
                  onChange={(value) => update({ minPopularity: value ? Number(value) : null })}
                />
                <NumberInput
                  label={t('strategicLosing.maxShare')}
                  w={160}
                  min={0}
                  max={100}
                  clampBehavior="strict"
                  allowDecimal={false}
                  suffix=" %"
                  placeholder={t('strategicLosing.any')}
                  value={filters.maxSharePercent ?? ''}
                  onChange={(value) =>
                    update({ maxSharePercent: typeof value === 'number' ? value : null })
                  }
                />
                <Select
                  label={t('strategicLosing.sort')}
                  w={200}
                  allowDeselect={false}
                  data={STRATEGIC_LOSING_SORTS.map((sort) => ({
                    value: sort,
                    label: t(`strategicLosing.sorts.${sort}`),
                  }))}
                  value={filters.sort}
                  onChange={(value) => value && update({ sort: value as StrategicLosingSort })}
                />
              </Group>
              <Paper withBorder p="md">
                <PanelBody query={losing} skeletonHeight={240}>
                  {(answer) =>
                    !answer.hasShareData ? (
                      <EmptyPageState
                        icon={<IconChartBarOff size={28} />}
                        title={t('strategicLosing.noShare.title')}
                        description={t('strategicLosing.noShare.description')}
                      />
                    ) : answer.rows.length === 0 ? (
                      <EmptyPageState
                        icon={<IconFilterOff size={28} />}
                        title={t('strategicLosing.noRows.title')}
                        description={t('strategicLosing.noRows.description')}
                      />
                    ) : (
                      <Stack gap="xs">
                        <Text size="sm" c="dimmed">
                          {t('strategicLosing.window', {
                            start: answer.windowStart,
                            end: answer.windowEnd,
                          })}{' '}
                          {t('strategicLosing.total', { total: answer.total })}
                        </Text>
                        <LosingTermsTable
                          answer={answer}
                          app={app}
                          canWrite={canWrite}
                          onChanged={refresh}
                        />
                        {answer.total > STRATEGIC_LOSING_PAGE_SIZE && (
                          <Pagination
                            total={Math.ceil(answer.total / STRATEGIC_LOSING_PAGE_SIZE)}
                            value={page}
                            onChange={setPage}
                            size="sm"
                            aria-label={t('strategicLosing.pages')}
                            data-testid="losing-pages"
                          />
                        )}
                      </Stack>
                    )
                  }
                </PanelBody>
              </Paper>
            </Stack>
          )
        }
      </PanelBody>
    </PageFrame>
  );
}
