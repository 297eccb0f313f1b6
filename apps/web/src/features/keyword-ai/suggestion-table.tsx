// A list's grounded keywords with their App Store and Apple Ads figures; rows are chosen with
// checkboxes (native inputs, so Tab and Space work), all at once from the header.
import { Badge, Checkbox, ScrollArea, Table } from '@mantine/core';
import type { SuggestedKeyword } from '@tapwise/contracts';
import { useTranslation } from 'react-i18next';
import { formatInteger } from '../../shared/format/format';

const figure = (value: number | null) => (value === null ? '—' : formatInteger(value));

export function SuggestionTable(props: {
  keywords: SuggestedKeyword[];
  selected: ReadonlySet<string>;
  onSelect(selected: Set<string>): void;
}) {
  const { t } = useTranslation();
  const { keywords, selected } = props;
  const all = keywords.length > 0 && keywords.every((keyword) => selected.has(keyword.text));
  const some = keywords.some((keyword) => selected.has(keyword.text));
  const toggle = (text: string) => {
    const next = new Set(selected);
    if (!next.delete(text)) next.add(text);
    props.onSelect(next);
  };
  return (
    <ScrollArea.Autosize mah={360}>
      <Table striped highlightOnHover aria-label={t('keywordAi.table.label')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label={t('keywordAi.table.selectAll')}
                checked={all}
                indeterminate={some && !all}
                onChange={() =>
                  props.onSelect(all ? new Set() : new Set(keywords.map((keyword) => keyword.text)))
                }
              />
            </Table.Th>
            <Table.Th>{t('keywordAi.table.keyword')}</Table.Th>
            <Table.Th ta="right">{t('keywordAi.table.popularity')}</Table.Th>
            <Table.Th ta="right">{t('keywordAi.table.organicRank')}</Table.Th>
            <Table.Th ta="right">{t('keywordAi.table.totalApps')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keywords.map((keyword) => (
            <Table.Tr key={keyword.text} data-testid={`suggestion-${keyword.text}`}>
              <Table.Td>
                <Checkbox
                  aria-label={t('keywordAi.table.select', { keyword: keyword.text })}
                  checked={selected.has(keyword.text)}
                  onChange={() => toggle(keyword.text)}
                />
              </Table.Td>
              <Table.Td>{keyword.text}</Table.Td>
              <Table.Td ta="right">{figure(keyword.popularity)}</Table.Td>
              <Table.Td ta="right">{figure(keyword.organicRank)}</Table.Td>
              <Table.Td ta="right">{formatInteger(keyword.totalApps)}</Table.Td>
              <Table.Td>
                {keyword.alreadyBid && (
                  <Badge variant="light" color="gray">
                    {t('keywordAi.table.alreadyBid')}
                  </Badge>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
