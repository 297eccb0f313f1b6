// What adding keywords and negative keywords share: one keyword per line, a match type, the
// reasons for keywords the schema or the server refused.
import { Input, List, SegmentedControl, Text, Textarea } from '@mantine/core';
import { MATCH_TYPES, type MatchType } from '@tapwise/contracts';
import i18next from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../shared/ui/notify';
import type { AddKeywordsResult, RefusedKeyword } from './actions-api';
import type { OnChanged } from './types';
import { notifyWriteFailure, translatedServerMessage } from './write-feedback';

/**
 * Sends keywords: the toast and a table reload when some were added; the form stays open to
 * list the refused ones, and closes when none were.
 */
export function useKeywordSubmission(onChanged: OnChanged, onClose: () => void) {
  const [pending, setPending] = useState(false);
  const [refused, setRefused] = useState<RefusedKeyword[]>([]);

  async function send(request: () => Promise<AddKeywordsResult>) {
    setPending(true);
    try {
      const result = await request();
      setRefused(result.refused);
      if (result.added > 0) {
        notifySuccess(translatedServerMessage(result.successMessage));
        onChanged();
      }
      if (result.refused.length === 0) onClose();
    } catch (error) {
      notifyWriteFailure(error, 'updateFailed', () => onChanged());
    } finally {
      setPending(false);
    }
  }

  return { pending, refused, send };
}

/** Distinct keywords of the text, one per line (the same text twice is sent once). */
export function keywordLines(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => {
      const key = line.toLowerCase();
      if (!line || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** Schema issues of the keyword list: per keyword with its text, or about the list itself. */
export function keywordIssues(issues: readonly Issue[], texts: string[]): string[] {
  return issues.map((issue) => {
    const [field, index] = issue.path;
    const message = i18next.t(issue.message);
    return field === 'keywords' && typeof index === 'number'
      ? `${texts[index] ?? ''}: ${message}`
      : message;
  });
}

export function KeywordTextField(props: {
  value: string;
  onChange(value: string): void;
  problems: string[];
}) {
  const { t } = useTranslation();
  return (
    <Textarea
      label={t('adsActions.keywords.text')}
      description={t('adsActions.keywords.textHint')}
      rows={6}
      value={props.value}
      error={props.problems.length > 0 ? <ProblemList problems={props.problems} /> : undefined}
      onChange={(event) => props.onChange(event.currentTarget.value)}
    />
  );
}

/** One line per problem; the input's error is a paragraph, so no list elements inside. */
function ProblemList({ problems }: { problems: string[] }) {
  return problems.map((problem) => (
    <span key={problem} style={{ display: 'block' }}>
      {problem}
    </span>
  ));
}

export function MatchTypeField(props: { value: MatchType; onChange(value: MatchType): void }) {
  const { t } = useTranslation();
  return (
    <Input.Wrapper label={t('adsActions.keywords.matchType')}>
      <SegmentedControl
        fullWidth
        value={props.value}
        onChange={(value) => props.onChange(value as MatchType)}
        data={MATCH_TYPES.map((type) => ({
          value: type,
          label: t(`adsActions.matchTypes.${type}`),
        }))}
      />
    </Input.Wrapper>
  );
}

/** The keywords the server did not add, each with its reason. */
export function RefusedKeywords({ refused }: { refused: RefusedKeyword[] }) {
  const { t } = useTranslation();
  if (refused.length === 0) return null;
  return (
    <div role="alert" data-testid="refused-keywords">
      <Text size="sm" fw={600}>
        {t('adsActions.keywords.refused', { count: refused.length })}
      </Text>
      <List size="sm" spacing={2}>
        {refused.map((keyword) => (
          <List.Item key={`${keyword.text}|${keyword.matchType}`}>
            {`${keyword.text} (${t(`adsActions.matchTypes.${keyword.matchType}`, { defaultValue: keyword.matchType })}): ${translatedServerMessage(keyword.message)}`}
          </List.Item>
        ))}
      </List>
    </div>
  );
}
