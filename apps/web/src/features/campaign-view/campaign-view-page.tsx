// /campaign-view?campaignId=<Apple campaign id>: one campaign of the team as last synced, with its
// settings, ad groups, keywords and ads. Changes go through the ads manager's own forms and
// switches (the Apple write gateway); ad groups and ads are added with the wizard's forms.
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import {
  AGE_MAX,
  AGE_MIN,
  placementHasKeywords,
  placementOfSupply,
  type AdPlacement,
  type ReportRow,
} from '@tapwise/contracts';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { StatusSwitch, useCanWrite, WriteAccessProvider } from '../ads-manager/actions';
import { AddKeywordsModal } from '../ads-manager/actions/add-keywords-modal';
import { audienceOf } from '../ads-manager/actions/audience';
import { countryOptions } from '../ads-manager/actions/country-names';
import { dayOf } from '../ads-manager/actions/edit-form';
import { EditDrawer } from '../ads-manager/actions/edit-drawer';
import { codeInWords } from '../ads-manager/table/cells';
import { formatMoneyDetail, keywordBidOf, rowCurrency } from '../ads-manager/table/row-values';
import { AddAdGroupModal } from '../campaign-creation/add-to-campaign/add-ad-group-modal';
import { AddAdsModal } from '../campaign-creation/add-to-campaign/add-ads-modal';
import {
  adGroupAdditionTarget,
  adsAdditionTarget,
} from '../campaign-creation/add-to-campaign/addition-targets';
import { useCanCreateCampaigns } from '../campaign-creation/campaign-creation-access';
import { useCampaignView, type CampaignViewData } from './use-campaign-view';

type Dialog =
  | { kind: 'edit'; level: 'campaigns' | 'adGroups'; row: ReportRow }
  | { kind: 'addAdGroup' }
  | { kind: 'addKeywords' | 'addAds'; adGroup: ReportRow };

function Field(props: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {props.label}
      </Text>
      <Text size="sm" component="div">
        {props.children}
      </Text>
    </Stack>
  );
}

function StatusOf({ row, onChanged }: { row: ReportRow; onChanged(): void }) {
  const { t } = useTranslation();
  const status = row.displayStatus ?? row.status ?? '';
  return (
    <Group gap="xs" wrap="nowrap">
      <StatusSwitch level={row.level} row={row} onChanged={onChanged} />
      <Badge variant="light">
        {t(`adsManager.displayStatus.${status}`, { defaultValue: codeInWords(status) })}
      </Badge>
    </Group>
  );
}

function useAudienceSummary() {
  const { t } = useTranslation();
  return (adGroup: ReportRow) => {
    const audience = audienceOf(adGroup.details.targetingDimensions);
    const parts = [
      audience.devices.map((device) => t(`campaignCreation.devices.${device}`)).join(', '),
      t(`campaignCreation.genders.${audience.gender || 'all'}`),
    ];
    if (audience.ageMin || audience.ageMax)
      parts.push(
        t('campaignView.ages', {
          min: audience.ageMin || AGE_MIN,
          max: audience.ageMax || AGE_MAX,
        }),
      );
    return parts.filter(Boolean).join(' · ');
  };
}

function KeywordsTable({ rows, onChanged }: { rows: ReportRow[]; onChanged(): void }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <Text size="sm">{t('campaignView.noKeywords')}</Text>;
  return (
    <Table aria-label={t('campaignView.keywords')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('campaignView.keyword')}</Table.Th>
          <Table.Th>{t('campaignView.matchType')}</Table.Th>
          <Table.Th>{t('campaignView.bid')}</Table.Th>
          <Table.Th>{t('campaignView.status')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((keyword) => {
          const bid = keywordBidOf(keyword);
          return (
            <Table.Tr key={keyword.id}>
              <Table.Td>{keyword.name}</Table.Td>
              <Table.Td>{t(`campaignCreation.matchTypes.${keyword.details.matchType}`)}</Table.Td>
              <Table.Td>
                {formatMoneyDetail(bid.micros, rowCurrency(keyword))}
                {bid.inherited && ` (${t('campaignView.defaultBidUsed')})`}
              </Table.Td>
              <Table.Td>
                <StatusOf row={keyword} onChanged={onChanged} />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

function AdsTable({ rows, onChanged }: { rows: ReportRow[]; onChanged(): void }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <Text size="sm">{t('campaignView.noAds')}</Text>;
  return (
    <Table aria-label={t('campaignView.ads')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('campaignView.adName')}</Table.Th>
          <Table.Th>{t('campaignView.productPage')}</Table.Th>
          <Table.Th>{t('campaignView.status')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((ad) => (
          <Table.Tr key={ad.id}>
            <Table.Td>{ad.name}</Table.Td>
            <Table.Td>
              {ad.details.productPageId
                ? t('campaignView.customPage', { id: ad.details.productPageId })
                : t('campaignView.defaultPage')}
            </Table.Td>
            <Table.Td>
              <StatusOf row={ad} onChanged={onChanged} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function CampaignView({ data, reload }: { data: CampaignViewData; reload(): void }) {
  const { t, i18n } = useTranslation();
  const canWrite = useCanWrite();
  const canAdd = useCanCreateCampaigns() && canWrite;
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const audienceSummary = useAudienceSummary();
  const countryNames = useMemo(
    () => new Map(countryOptions(i18n.language).map((option) => [option.value, option.label])),
    [i18n.language],
  );
  const { campaign } = data;
  const currency = rowCurrency(campaign);
  const placement: AdPlacement = placementOfSupply(campaign.details.supplySources);
  const close = () => setDialog(null);
  const countries = (campaign.details.countriesOrRegions ?? [])
    .map((code) => countryNames.get(code) ?? code)
    .join(', ');

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Stack gap={0}>
          <Anchor component={Link} to="/ads-manager" size="sm">
            {t('campaignView.back')}
          </Anchor>
          <Title order={1} size="h2">
            {campaign.name}
          </Title>
        </Stack>
        <Group>
          <Button
            variant="default"
            leftSection={<IconPencil size={16} />}
            disabled={!canWrite}
            onClick={() => setDialog({ kind: 'edit', level: 'campaigns', row: campaign })}
          >
            {t('campaignView.editCampaign')}
          </Button>
          <Button
            leftSection={<IconPlus size={16} />}
            disabled={!canAdd}
            onClick={() => setDialog({ kind: 'addAdGroup' })}
          >
            {t('campaignView.addAdGroup')}
          </Button>
        </Group>
      </Group>
      {!canWrite && <Alert color="gray">{t('campaignView.readOnly')}</Alert>}
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          {t('campaignView.settings')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <Field label={t('campaignView.status')}>
            <StatusOf row={campaign} onChanged={reload} />
          </Field>
          <Field label={t('campaignView.app')}>{campaign.details.appName ?? '—'}</Field>
          <Field label={t('campaignView.placement')}>
            {t(`campaignCreation.placements.${placement}`)}
          </Field>
          <Field label={t('campaignView.dailyBudget')}>
            {formatMoneyDetail(campaign.details.dailyBudgetMicros, currency)}
          </Field>
          <Field label={t('campaignView.countries')}>{countries || '—'}</Field>
          <Field label={t('campaignView.startDate')}>
            {dayOf(campaign.details.startTime) || '—'}
          </Field>
          <Field label={t('campaignView.endDate')}>
            {dayOf(campaign.details.endTime) || t('campaignView.noEndDate')}
          </Field>
        </SimpleGrid>
      </Card>
      <Title order={2} size="h4">
        {t('campaignView.adGroups')}
      </Title>
      {data.adGroups.length === 0 && <Text>{t('campaignView.noAdGroups')}</Text>}
      {data.adGroups.map((adGroup) => (
        <Card key={adGroup.id} withBorder data-testid="campaign-view-ad-group">
          <Stack gap="md">
            <Group justify="space-between">
              <Title order={3} size="h5">
                {adGroup.name}
              </Title>
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="default"
                  disabled={!canWrite}
                  onClick={() => setDialog({ kind: 'edit', level: 'adGroups', row: adGroup })}
                  aria-label={t('campaignView.editAdGroup', { name: adGroup.name })}
                >
                  {t('campaignView.edit')}
                </Button>
                {placementHasKeywords(placement) && (
                  <Button
                    size="xs"
                    variant="default"
                    disabled={!canWrite}
                    onClick={() => setDialog({ kind: 'addKeywords', adGroup })}
                  >
                    {t('campaignView.addKeywords')}
                  </Button>
                )}
                <Button
                  size="xs"
                  variant="light"
                  disabled={!canAdd}
                  onClick={() => setDialog({ kind: 'addAds', adGroup })}
                  aria-label={t('campaignView.addAdTo', { name: adGroup.name })}
                >
                  {t('campaignView.addAd')}
                </Button>
              </Group>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
              <Field label={t('campaignView.status')}>
                <StatusOf row={adGroup} onChanged={reload} />
              </Field>
              <Field label={t('campaignView.defaultBid')}>
                {formatMoneyDetail(adGroup.details.defaultBidMicros, currency)}
              </Field>
              <Field label={t('campaignView.cpaGoal')}>
                {formatMoneyDetail(adGroup.details.cpaGoalMicros, currency)}
              </Field>
              <Field label={t('campaignView.audience')}>{audienceSummary(adGroup)}</Field>
            </SimpleGrid>
            {placementHasKeywords(placement) && (
              <KeywordsTable rows={data.keywordsOf(Number(adGroup.id))} onChanged={reload} />
            )}
            <AdsTable rows={data.adsOf(Number(adGroup.id))} onChanged={reload} />
          </Stack>
        </Card>
      ))}
      {dialog?.kind === 'edit' && (
        <EditDrawer level={dialog.level} row={dialog.row} onChanged={reload} onClose={close} />
      )}
      {dialog?.kind === 'addAdGroup' && (
        <AddAdGroupModal
          target={adGroupAdditionTarget(campaign)}
          onAdded={reload}
          onClose={close}
        />
      )}
      {dialog?.kind === 'addKeywords' && (
        <AddKeywordsModal
          target={{ adAccountId: campaign.adAccountId, adGroupId: Number(dialog.adGroup.id) }}
          onChanged={reload}
          onClose={close}
        />
      )}
      {dialog?.kind === 'addAds' && (
        <AddAdsModal
          target={adsAdditionTarget(dialog.adGroup, campaign)}
          onAdded={reload}
          onClose={close}
        />
      )}
    </Stack>
  );
}

function CampaignViewLoader({ campaignId }: { campaignId: number }) {
  const { t } = useTranslation();
  const { loading, failed, data, reload } = useCampaignView(campaignId);
  if (loading)
    return (
      <Group justify="center" p="xl">
        <Loader aria-label={t('common.loading')} />
      </Group>
    );
  if (failed)
    return (
      <Alert color="red" role="alert">
        {t('campaignView.loadFailed')}{' '}
        <Anchor component="button" onClick={reload}>
          {t('common.retry')}
        </Anchor>
      </Alert>
    );
  if (!data) return <NotFound />;
  return <CampaignView data={data} reload={reload} />;
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" align="flex-start">
      <Text>{t('campaignCreation.addToCampaign.messages.campaignNotFound')}</Text>
      <Button component={Link} to="/ads-manager" variant="light">
        {t('campaignView.back')}
      </Button>
    </Stack>
  );
}

export default function CampaignViewPage() {
  const [params] = useSearchParams();
  const campaignId = Number(params.get('campaignId'));
  return (
    <WriteAccessProvider>
      {Number.isInteger(campaignId) && campaignId > 0 ? (
        <CampaignViewLoader key={campaignId} campaignId={campaignId} />
      ) : (
        <NotFound />
      )}
    </WriteAccessProvider>
  );
}
