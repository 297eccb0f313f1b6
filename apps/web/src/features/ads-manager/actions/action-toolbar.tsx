// The actions over the selected rows: pause, resume, delete, add keywords (typed or chosen from AI
// suggestions) and negative keywords, and on the Search Terms tab add the selected terms as
// keywords or negative keywords.
import { Button, Group, Stack } from '@mantine/core';
import {
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconMinus,
  IconTrash,
} from '@tabler/icons-react';
import type { ReportLevel, ReportRow, StatusAction } from '@tapwise/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { KeywordAiButton } from '../../keyword-ai/keyword-ai-button';
import { AddKeywordsModal, type AddKeywordsTarget } from './add-keywords-modal';
import {
  AddNegativeKeywordsModal,
  type NegativeKeywordsScope,
} from './add-negative-keywords-modal';
import { BulkProgress, type RunningBulkAction } from './bulk-progress';
import { ReadOnlyTooltip } from './read-only-tooltip';
import type { OnChanged } from './types';
import { useCanWrite } from './write-access';
import { useStatusChange } from './use-status-change';

export interface ActionScope {
  adAccountId?: number;
  /** The app the tab is scoped to, for AI suggestions. */
  adamId?: number;
  campaignIds?: number[];
  adGroupIds?: number[];
}

export interface ActionToolbarProps {
  level: ReportLevel;
  selected: ReportRow[];
  scope: ActionScope;
  onChanged: OnChanged;
}

const NEGATIVE_KEYWORD_LEVELS: readonly ReportLevel[] = [
  'campaigns',
  'adGroups',
  'keywords',
  'negativeKeywords',
  'searchTerms',
];

const distinct = (ids: (number | null)[]) => [
  ...new Set(ids.filter((id): id is number => id !== null)),
];

/** The rows each status action applies to: pausing live rows, resuming paused ones. */
function rowsFor(action: StatusAction, rows: ReportRow[]): ReportRow[] {
  const live = rows.filter((row) => !row.deleted);
  if (action === 'pause') return live.filter((row) => row.status !== 'PAUSED');
  if (action === 'resume') return live.filter((row) => row.status === 'PAUSED');
  return live;
}

/** The ad group keywords go to: the one in scope, or the one all selected rows belong to. */
export function keywordTarget(props: ActionToolbarProps): AddKeywordsTarget | null {
  const { level, selected, scope } = props;
  const adAccountId = scope.adAccountId ?? selected[0]?.adAccountId;
  const fromRows =
    level === 'adGroups'
      ? distinct(selected.map((row) => Number(row.id)))
      : distinct(selected.map((row) => row.adGroupId));
  const adGroupIds =
    level === 'searchTerms' || level === 'adGroups' ? fromRows : (scope.adGroupIds ?? []);
  return adAccountId && adGroupIds.length === 1 ? { adAccountId, adGroupId: adGroupIds[0]! } : null;
}

/** Where negative keywords can go: the selected campaigns or ad groups, else the scope's. */
export function negativeScope(props: ActionToolbarProps): NegativeKeywordsScope | null {
  const { level, selected, scope } = props;
  const adAccountId = scope.adAccountId ?? selected[0]?.adAccountId;
  if (!adAccountId || !NEGATIVE_KEYWORD_LEVELS.includes(level)) return null;
  if (level === 'campaigns') {
    const campaignIds = selected.map((row) => Number(row.id));
    return { adAccountId, campaignIds, adGroupIds: [] };
  }
  const adGroupIds =
    level === 'adGroups'
      ? selected.map((row) => Number(row.id))
      : distinct(selected.map((row) => row.adGroupId));
  const campaignIds = distinct(selected.map((row) => row.campaignId));
  return {
    adAccountId,
    campaignIds: campaignIds.length > 0 ? campaignIds : (scope.campaignIds ?? []),
    adGroupIds: adGroupIds.length > 0 ? adGroupIds : (scope.adGroupIds ?? []),
  };
}

type OpenForm = 'keywords' | 'negatives' | null;

export function ActionToolbar(props: ActionToolbarProps) {
  const { t } = useTranslation();
  const canWrite = useCanWrite();
  const { level, selected, onChanged } = props;
  const [open, setOpen] = useState<OpenForm>(null);
  /** Keywords AI suggestions chose for the ad group's add-keywords form. */
  const [aiTexts, setAiTexts] = useState<string[]>();
  const [bulk, setBulk] = useState<RunningBulkAction | null>(null);
  const { run, pending, writable } = useStatusChange(level, {
    onChanged,
    onBulkStarted: (bulkActionId, rows) => setBulk({ bulkActionId, rows }),
  });
  const searchTerms = level === 'searchTerms';
  const keywords = keywordTarget(props);
  const negatives = negativeScope(props);
  const termTexts = searchTerms ? selected.map((row) => row.name) : undefined;
  const showsAddKeywords = searchTerms || level === 'keywords' || level === 'adGroups';

  const control = (
    key: string,
    label: string,
    icon: ReactNode,
    enabled: boolean,
    onClick: () => void,
    extra: { loading?: boolean; color?: string } = {},
  ) => (
    <ReadOnlyTooltip key={key} canWrite={canWrite}>
      <Button
        size="xs"
        variant="light"
        leftSection={icon}
        disabled={!canWrite || !enabled || pending !== null}
        loading={extra.loading}
        color={extra.color}
        onClick={onClick}
      >
        {label}
      </Button>
    </ReadOnlyTooltip>
  );

  const statusControl = (action: StatusAction, icon: ReactNode, color?: string) => {
    const rows = rowsFor(action, selected);
    return control(
      action,
      t(`adsActions.actions.${action}`),
      icon,
      rows.length > 0,
      () => void run(rows, action),
      { loading: pending === action, color },
    );
  };

  return (
    <Stack gap="xs">
      <Group gap="xs" role="toolbar" aria-label={t('adsActions.toolbar')}>
        {writable && statusControl('pause', <IconPlayerPause size={14} />)}
        {writable && statusControl('resume', <IconPlayerPlay size={14} />)}
        {writable && statusControl('delete', <IconTrash size={14} />, 'red')}
        {showsAddKeywords &&
          control(
            'keywords',
            t(searchTerms ? 'adsActions.addAsKeyword' : 'adsActions.keywords.addTitle'),
            <IconPlus size={14} />,
            keywords !== null && (!searchTerms || selected.length > 0),
            () => setOpen('keywords'),
          )}
        {showsAddKeywords && !searchTerms && keywords && canWrite && (
          <KeywordAiButton
            size="xs"
            adamId={props.scope.adamId}
            pickLabel={t('adsActions.keywords.addTitle')}
            onPick={(texts) => {
              setAiTexts(texts);
              setOpen('keywords');
            }}
          />
        )}
        {negatives &&
          control(
            'negatives',
            t(searchTerms ? 'adsActions.addAsNegative' : 'adsActions.negatives.addTitle'),
            <IconMinus size={14} />,
            negatives.campaignIds.length + negatives.adGroupIds.length > 0 &&
              (!searchTerms || selected.length > 0),
            () => setOpen('negatives'),
          )}
      </Group>
      {bulk && (
        <BulkProgress
          action={bulk}
          onFinished={() => onChanged()}
          onDismiss={() => setBulk(null)}
        />
      )}
      {open === 'keywords' && keywords && (
        <AddKeywordsModal
          target={keywords}
          texts={aiTexts ?? termTexts}
          onChanged={onChanged}
          onClose={() => {
            setOpen(null);
            setAiTexts(undefined);
          }}
        />
      )}
      {open === 'negatives' && negatives && (
        <AddNegativeKeywordsModal
          scope={negatives}
          texts={termTexts}
          onChanged={onChanged}
          onClose={() => setOpen(null)}
        />
      )}
    </Stack>
  );
}
