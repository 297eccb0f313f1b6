// A list of keywords (or negative keywords) with a box to paste many at once, one per line, each
// row with its match type and, in the custom bid mode, its bid.
import {
  ActionIcon,
  Button,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { MATCH_TYPES, type MatchType, type WizardKeyword } from '@tapwise/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WizardErrors } from '../wizard-values';
import { pastedKeywords } from '../wizard-values';
import { errorAt } from './step-props';

export function KeywordList(props: {
  /** Names the list for screen readers and tests ("Keywords of Brand"). */
  label: string;
  keywords: WizardKeyword[];
  withBids: boolean;
  /** Where the list's issues sit ("adGroups.0.keywords"). */
  path: string;
  errors: WizardErrors;
  onChange(keywords: WizardKeyword[]): void;
}) {
  const { t } = useTranslation();
  const [pasted, setPasted] = useState('');
  const [matchType, setMatchType] = useState<MatchType>('EXACT');
  const matchTypes = MATCH_TYPES.map((value) => ({
    value,
    label: t(`campaignCreation.matchTypes.${value}`),
  }));
  const change = (index: number, patch: Partial<WizardKeyword>) =>
    props.onChange(
      props.keywords.map((keyword, at) => (at === index ? { ...keyword, ...patch } : keyword)),
    );
  const add = () => {
    props.onChange([...props.keywords, ...pastedKeywords(pasted, props.keywords, matchType)]);
    setPasted('');
  };
  return (
    <Stack gap="xs">
      <Group align="flex-end" wrap="nowrap">
        <Textarea
          style={{ flex: 1 }}
          label={t('campaignCreation.keywords.paste', { list: props.label })}
          description={t('campaignCreation.keywords.pasteHelp')}
          rows={3}
          value={pasted}
          onChange={(event) => setPasted(event.currentTarget.value)}
        />
        <Select
          w={130}
          label={t('campaignCreation.fields.matchType')}
          data={matchTypes}
          value={matchType}
          allowDeselect={false}
          onChange={(value) => setMatchType((value as MatchType | null) ?? 'EXACT')}
        />
        <Button
          variant="light"
          aria-label={t('campaignCreation.keywords.addTo', { list: props.label })}
          onClick={add}
          disabled={!pasted.trim()}
        >
          {t('campaignCreation.keywords.add')}
        </Button>
      </Group>
      {props.keywords.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('campaignCreation.keywords.none')}
        </Text>
      ) : (
        <Table aria-label={props.label} data-testid="keyword-table">
          <Table.Tbody>
            {props.keywords.map((keyword, index) => {
              const at = (field: string) =>
                errorAt(props.errors, `${props.path}.${index}${field}`, t);
              return (
                <Table.Tr key={index}>
                  <Table.Td>
                    <TextInput
                      aria-label={t('campaignCreation.fields.keyword')}
                      value={keyword.text}
                      onChange={(event) => change(index, { text: event.currentTarget.value })}
                      error={at('.text') ?? at('')}
                    />
                  </Table.Td>
                  <Table.Td w={130}>
                    <Select
                      aria-label={t('campaignCreation.fields.matchType')}
                      data={matchTypes}
                      value={keyword.matchType}
                      allowDeselect={false}
                      onChange={(value) =>
                        change(index, { matchType: (value as MatchType) ?? 'EXACT' })
                      }
                    />
                  </Table.Td>
                  {props.withBids && (
                    <Table.Td w={130}>
                      <TextInput
                        aria-label={t('campaignCreation.fields.keywordBid')}
                        inputMode="decimal"
                        value={keyword.bid ?? ''}
                        onChange={(event) => change(index, { bid: event.currentTarget.value })}
                        error={at('.bid')}
                      />
                    </Table.Td>
                  )}
                  <Table.Td w={40}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('campaignCreation.keywords.remove', { text: keyword.text })}
                      onClick={() => props.onChange(props.keywords.filter((_, at) => at !== index))}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
