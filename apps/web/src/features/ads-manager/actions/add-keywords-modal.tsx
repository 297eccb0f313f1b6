// Add targeting keywords to one ad group: text per line, a match type, an optional bid.
import { Modal, Stack, TextInput } from '@mantine/core';
import { addKeywordsInput, type MatchType } from '@tapwise/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsApi } from './actions-api';
import { FormButtons } from './form-buttons';
import { issuesByField } from './edit-form';
import {
  KeywordTextField,
  MatchTypeField,
  RefusedKeywords,
  keywordIssues,
  keywordLines,
  useKeywordSubmission,
} from './keyword-entry';
import type { OnChanged } from './types';

export interface AddKeywordsTarget {
  adAccountId: number;
  adGroupId: number;
}

export function AddKeywordsModal(props: {
  target: AddKeywordsTarget;
  /** Prefilled texts (search terms added as keywords). */
  texts?: string[];
  onChanged: OnChanged;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => (props.texts ?? []).join('\n'));
  const [matchType, setMatchType] = useState<MatchType>('EXACT');
  const [bid, setBid] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const [bidError, setBidError] = useState<string>();
  const { pending, refused, send } = useKeywordSubmission(props.onChanged, props.onClose);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const texts = keywordLines(text);
    const parsed = addKeywordsInput.safeParse({
      ...props.target,
      keywords: texts.map((keyword) => ({
        text: keyword,
        matchType,
        ...(bid.trim() ? { bid: bid.trim() } : {}),
      })),
    });
    if (!parsed.success) {
      const bidIssues = parsed.error.issues.filter((issue) => issue.path.at(-1) === 'bid');
      const textIssues = parsed.error.issues.filter((issue) => issue.path.at(-1) !== 'bid');
      setBidError(issuesByField(bidIssues.map((issue) => ({ ...issue, path: ['bid'] }))).bid);
      setProblems(keywordIssues(textIssues, texts));
      return;
    }
    setProblems([]);
    setBidError(undefined);
    void send(() => actionsApi.addKeywords(parsed.data));
  }

  return (
    <Modal opened onClose={props.onClose} title={t('adsActions.keywords.addTitle')} size="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <KeywordTextField value={text} onChange={setText} problems={problems} />
          <MatchTypeField value={matchType} onChange={setMatchType} />
          <TextInput
            label={t('adsActions.keywords.bid')}
            description={t('adsActions.keywords.bidHint')}
            inputMode="decimal"
            value={bid}
            error={bidError}
            onChange={(event) => setBid(event.currentTarget.value)}
          />
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
