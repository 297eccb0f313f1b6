// Adds keywords to track: one per line; each line is checked with the contracts' term schema and
// the number of terms with the server's limit before anything is sent.
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { TRACK_KEYWORDS_MAX_TERMS, researchTermSchema } from '@tapwise/contracts';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The distinct terms of the text (one per line, blank lines skipped), or the first problem. */
export function parseTerms(text: string, t: TFunction): { terms: string[] } | { error: string } {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  if (lines.length === 0) return { error: t('organicRanking.add.empty') };
  const terms: string[] = [];
  for (const [index, line] of lines.entries()) {
    const parsed = researchTermSchema.safeParse(line);
    if (!parsed.success) {
      const message = t(parsed.error.issues[0]!.message);
      return { error: t('organicRanking.add.lineInvalid', { line: index + 1, message }) };
    }
    terms.push(parsed.data.toLowerCase());
  }
  const distinct = [...new Set(terms)];
  if (distinct.length > TRACK_KEYWORDS_MAX_TERMS) {
    return { error: t('organicRanking.add.tooMany', { max: TRACK_KEYWORDS_MAX_TERMS }) };
  }
  return { terms: distinct };
}

export function AddKeywordsForm(props: {
  disabled: boolean;
  pending: boolean;
  onSubmit(terms: string[]): Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const result = parseTerms(text, t);
    if ('error' in result) return setError(result.error);
    setError(null);
    await props.onSubmit(result.terms);
    setText('');
  };
  return (
    <Stack gap="xs">
      <Textarea
        label={t('organicRanking.add.label')}
        description={t('organicRanking.add.description', { max: TRACK_KEYWORDS_MAX_TERMS })}
        placeholder={t('organicRanking.add.placeholder')}
        rows={5}
        value={text}
        error={error}
        disabled={props.disabled}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button
          onClick={() => void submit().catch(() => undefined)}
          loading={props.pending}
          disabled={props.disabled}
        >
          {t('organicRanking.add.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
