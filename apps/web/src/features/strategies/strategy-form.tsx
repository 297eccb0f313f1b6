// Creating or editing a strategy in a modal: name, description, goals and an optional secondary
// goal, and its target entities (campaigns, ad groups, keywords of one app in one ad account,
// picked from the ads manager's lookups). Checked with the contracts' strategyInput, the schema
// the server applies.
import {
  Button,
  Group,
  Modal,
  MultiSelect,
  Select,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  ERROR_CODES,
  STRATEGY_GOALS,
  isValidationMessageKey,
  strategyInput,
  type Strategy,
  type StrategyGoal,
  type StrategyInput,
  type StrategyTarget,
} from '@tapwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/http';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { adsManagerApi, adsManagerKeys } from '../ads-manager/ads-manager-api';
import { strategiesApi, strategyKeys } from './strategies-api';

type Field = 'name' | 'adamId' | 'description' | 'goals' | 'secondaryGoal' | 'targetEntities';

function issuesByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '') as Field;
    errors[field] ??= isValidationMessageKey(issue.message) ? issue.message : 'validation.required';
  }
  return errors;
}

const isConflict = (error: unknown) =>
  error instanceof ApiError && error.body?.code === ERROR_CODES.CONFLICT;

const idsOf = (targets: readonly StrategyTarget[], level: StrategyTarget['level']) =>
  targets.filter((target) => target.level === level).map((target) => String(target.id));

/** An app in one ad account: a strategy's targets share its ad account. */
const appKey = (adAccountId: number, adamId: number) => `${adAccountId}:${adamId}`;

export function StrategyFormModal(props: { strategy: Strategy | null; onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { strategy } = props;
  const firstTarget = strategy?.targetEntities[0];
  const [app, setApp] = useState<string | null>(
    strategy && firstTarget ? appKey(firstTarget.adAccountId, strategy.adamId) : null,
  );
  const [name, setName] = useState(strategy?.name ?? '');
  const [description, setDescription] = useState(strategy?.description ?? '');
  const [goals, setGoals] = useState<string[]>(strategy?.goals ?? []);
  const [secondaryGoal, setSecondaryGoal] = useState<string | null>(
    strategy?.secondaryGoal ?? null,
  );
  const targets = strategy?.targetEntities ?? [];
  const [campaignIds, setCampaignIds] = useState(idsOf(targets, 'CAMPAIGN'));
  const [adGroupIds, setAdGroupIds] = useState(idsOf(targets, 'AD_GROUP'));
  const [keywordIds, setKeywordIds] = useState(idsOf(targets, 'KEYWORD'));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const [adAccountId, adamId] = app ? app.split(':').map(Number) : [null, null];
  const apps = useQuery({ queryKey: adsManagerKeys.apps, queryFn: adsManagerApi.apps });
  const campaigns = useQuery({
    queryKey: adsManagerKeys.campaigns(adAccountId ?? 0),
    queryFn: () => adsManagerApi.campaigns(adAccountId!),
    enabled: adAccountId !== null,
    select: (rows) => rows.filter((row) => row.adamId === adamId),
  });
  const appCampaignIds = (campaigns.data ?? []).map((row) => row.id);
  const adGroups = useQuery({
    queryKey: strategyKeys.adGroups(adAccountId ?? 0, appCampaignIds),
    queryFn: () => strategiesApi.adGroups(adAccountId!, appCampaignIds),
    enabled: adAccountId !== null && appCampaignIds.length > 0,
  });
  const browsedAdGroups = adGroupIds.map(Number);
  const keywords = useQuery({
    queryKey: strategyKeys.keywords(adAccountId ?? 0, browsedAdGroups),
    queryFn: () => strategiesApi.keywords(adAccountId!, browsedAdGroups),
    enabled: adAccountId !== null && browsedAdGroups.length > 0,
  });
  // Keywords already targeted stay listed (with their names) when their ad group is not picked.
  const savedKeywords = targets
    .filter((target) => target.level === 'KEYWORD')
    .map((target) => ({ value: String(target.id), label: target.name }));
  const keywordOptions = [
    ...savedKeywords,
    ...(keywords.data ?? [])
      .filter((row) => !savedKeywords.some((saved) => saved.value === String(row.id)))
      .map((row) => ({ value: String(row.id), label: `${row.text} (${row.matchType})` })),
  ];

  const save = useMutation({
    mutationFn: (input: StrategyInput) => strategiesApi.save(input, strategy?.strategyId ?? null),
    onSuccess: () => {
      notifySuccess(t(strategy ? 'strategies.updated' : 'strategies.created'));
      void queryClient.invalidateQueries({ queryKey: strategyKeys.all });
      props.onClose();
    },
    onError: (error) => {
      if (isConflict(error)) setErrors({ name: 'strategies.nameTaken' });
      notifyError(t(isConflict(error) ? 'strategies.nameTaken' : 'strategies.saveFailed'));
    },
  });

  const clear = (field: Field) => setErrors((current) => ({ ...current, [field]: undefined }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const targetEntities = [
      ...campaignIds.map((id) => ({ level: 'CAMPAIGN' as const, id })),
      ...adGroupIds.map((id) => ({ level: 'AD_GROUP' as const, id })),
      ...keywordIds.map((id) => ({ level: 'KEYWORD' as const, id })),
    ].map((target) => ({ ...target, adAccountId: adAccountId ?? 0, id: Number(target.id) }));
    const result = strategyInput.safeParse({
      name,
      adamId: adamId ?? 0,
      description,
      goals,
      secondaryGoal,
      targetEntities,
    });
    if (!result.success) {
      setErrors(issuesByField(result.error.issues));
      return;
    }
    setErrors({});
    save.mutate(result.data);
  }

  const goalOptions = STRATEGY_GOALS.map((value) => ({
    value,
    label: t(`strategies.goals.${value}`),
  }));
  const error = (field: Field) => (errors[field] ? t(errors[field]) : undefined);
  const appOptions = (apps.data ?? []).map((row) => ({
    value: appKey(row.adAccountId, row.adamId),
    label: `${row.name} · ${row.adAccountName}`,
  }));
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t(strategy ? 'strategies.form.editTitle' : 'strategies.form.createTitle')}
      size="xl"
      centered
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <TextInput
            label={t('strategies.form.name')}
            required
            data-autofocus
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              clear('name');
            }}
            error={error('name')}
          />
          <Textarea
            label={t('strategies.form.description')}
            description={t('strategies.form.descriptionHint')}
            required
            rows={3}
            value={description}
            onChange={(event) => {
              setDescription(event.currentTarget.value);
              clear('description');
            }}
            error={error('description')}
          />
          <Group grow align="flex-start">
            <MultiSelect
              label={t('strategies.form.goals')}
              required
              data={goalOptions}
              value={goals}
              onChange={(value) => {
                setGoals(value);
                clear('goals');
              }}
              error={error('goals')}
            />
            <Select
              label={t('strategies.form.secondaryGoal')}
              clearable
              data={goalOptions.filter((option) => !goals.includes(option.value))}
              value={secondaryGoal}
              onChange={(value) => {
                setSecondaryGoal(value as StrategyGoal | null);
                clear('secondaryGoal');
              }}
              error={error('secondaryGoal')}
            />
          </Group>
          <Select
            label={t('strategies.form.app')}
            required
            searchable
            disabled={strategy !== null}
            data={appOptions}
            value={app}
            onChange={(value) => {
              setApp(value);
              setCampaignIds([]);
              setAdGroupIds([]);
              setKeywordIds([]);
              clear('adamId');
            }}
            error={error('adamId') ?? (apps.isError ? t('strategies.lookupFailed') : undefined)}
          />
          <MultiSelect
            label={t('strategies.form.campaigns')}
            searchable
            disabled={app === null}
            data={(campaigns.data ?? []).map((row) => ({ value: String(row.id), label: row.name }))}
            value={campaignIds}
            onChange={(value) => {
              setCampaignIds(value);
              clear('targetEntities');
            }}
            error={error('targetEntities')}
          />
          <MultiSelect
            label={t('strategies.form.adGroups')}
            searchable
            disabled={app === null}
            data={(adGroups.data ?? []).map((row) => ({
              value: String(row.id),
              label: row.name,
            }))}
            value={adGroupIds}
            onChange={(value) => {
              setAdGroupIds(value);
              clear('targetEntities');
            }}
          />
          <MultiSelect
            label={t('strategies.form.keywords')}
            description={t('strategies.form.keywordsHint')}
            searchable
            disabled={app === null}
            data={keywordOptions}
            value={keywordIds}
            onChange={(value) => {
              setKeywordIds(value);
              clear('targetEntities');
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('strategies.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t(strategy ? 'strategies.form.save' : 'strategies.form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
