// Add negative keywords to the selected ad groups, to every ad group of the selected campaigns,
// or to the selected campaigns themselves (spec 1 §9).
import { Modal, Radio, Stack } from '@mantine/core';
import {
  addNegativeKeywordsInput,
  type MatchType,
  type NegativeKeywordTarget,
} from '@tapwise/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsApi } from './actions-api';
import { FormButtons } from './form-buttons';
import {
  KeywordTextField,
  MatchTypeField,
  RefusedKeywords,
  keywordIssues,
  keywordLines,
  useKeywordSubmission,
} from './keyword-entry';
import type { OnChanged } from './types';

export interface NegativeKeywordsScope {
  adAccountId: number;
  campaignIds: number[];
  adGroupIds: number[];
}

/** The targets the scope allows: ad groups need ad groups, the others campaigns. */
export function availableTargets(scope: NegativeKeywordsScope): NegativeKeywordTarget[] {
  const targets: NegativeKeywordTarget[] = [];
  if (scope.adGroupIds.length > 0) targets.push('SELECTED_AD_GROUPS');
  if (scope.campaignIds.length > 0) {
    targets.push('ALL_AD_GROUPS_OF_SELECTED_CAMPAIGNS', 'SELECTED_CAMPAIGNS');
  }
  return targets;
}

export function AddNegativeKeywordsModal(props: {
  scope: NegativeKeywordsScope;
  texts?: string[];
  /** The match type to start with (a keyword's own when it is added as a negative). */
  matchType?: MatchType;
  onChanged: OnChanged;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const targets = availableTargets(props.scope);
  const [target, setTarget] = useState<NegativeKeywordTarget | undefined>(targets[0]);
  const [text, setText] = useState(() => (props.texts ?? []).join('\n'));
  const [matchType, setMatchType] = useState<MatchType>(props.matchType ?? 'EXACT');
  const [problems, setProblems] = useState<string[]>([]);
  const { pending, refused, send } = useKeywordSubmission(props.onChanged, props.onClose);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const texts = keywordLines(text);
    const parsed = addNegativeKeywordsInput.safeParse({
      adAccountId: props.scope.adAccountId,
      target,
      campaignIds: target === 'SELECTED_AD_GROUPS' ? [] : props.scope.campaignIds,
      adGroupIds: target === 'SELECTED_AD_GROUPS' ? props.scope.adGroupIds : [],
      keywords: texts.map((keyword) => ({ text: keyword, matchType })),
    });
    if (!parsed.success) {
      setProblems(keywordIssues(parsed.error.issues, texts));
      return;
    }
    setProblems([]);
    void send(() => actionsApi.addNegativeKeywords(parsed.data));
  }

  return (
    <Modal opened onClose={props.onClose} title={t('adsActions.negatives.addTitle')} size="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Radio.Group
            label={t('adsActions.negatives.target')}
            value={target ?? null}
            onChange={(value) => setTarget(value as NegativeKeywordTarget)}
          >
            <Stack gap={6} mt={4}>
              {targets.map((option) => (
                <Radio
                  key={option}
                  value={option}
                  label={t(`adsActions.negatives.targets.${option}`)}
                />
              ))}
            </Stack>
          </Radio.Group>
          <KeywordTextField value={text} onChange={setText} problems={problems} />
          <MatchTypeField value={matchType} onChange={setMatchType} />
          <RefusedKeywords refused={refused} />
          <FormButtons
            pending={pending}
            onCancel={props.onClose}
            submitLabel={t('adsActions.keywords.add')}
          />
        </Stack>
      </form>
    </Modal>
  );
}
