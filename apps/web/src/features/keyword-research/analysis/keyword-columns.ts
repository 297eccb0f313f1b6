// The columns of a table of keywords: what research found (popularity, organic rank, total apps,
// volume, share of voice) and what the company already does with the keyword.
import type { KeywordRanking } from '@tapwise/contracts';
import type { TFunction } from 'i18next';
import { NO_VALUE } from '../../../shared/format/metric-format';
import { shareCell, type ResearchColumn } from './table-rows';

const money = (row: KeywordRanking) => (row.own ? Number(row.own.localSpend) : null);

export function keywordColumns(t: TFunction): ResearchColumn<KeywordRanking>[] {
  const label = (key: string) => t(`keywordAnalysis.columns.${key}`);
  return [
    { key: 'keyword', label: label('keyword'), width: 220, value: (row) => row.keyword },
    {
      key: 'popularity',
      label: label('popularity'),
      width: 110,
      numeric: true,
      range: true,
      value: (row) => row.popularity,
    },
    {
      key: 'organicRank',
      label: label('organicRank'),
      width: 110,
      numeric: true,
      range: true,
      value: (row) => row.organicRank,
    },
    {
      key: 'totalApps',
      label: label('totalApps'),
      width: 100,
      numeric: true,
      value: (row) => row.totalApps,
    },
    {
      key: 'volume',
      label: label('volume'),
      width: 100,
      numeric: true,
      value: (row) => row.volume,
    },
    {
      key: 'shareOfVoice',
      label: label('shareOfVoice'),
      width: 120,
      numeric: true,
      value: (row) => row.percent_sov,
      render: (row) => shareCell(row.percent_sov),
    },
    {
      key: 'bidding',
      label: label('bidding'),
      width: 90,
      value: (row) => t(row.own ? 'keywordAnalysis.columns.yes' : 'keywordAnalysis.columns.no'),
    },
    {
      key: 'spend',
      label: label('spend'),
      width: 110,
      numeric: true,
      value: money,
      render: (row) => (row.own ? `${row.own.localSpend} ${row.own.currency}` : NO_VALUE),
    },
    {
      key: 'taps',
      label: label('taps'),
      width: 90,
      numeric: true,
      value: (row) => row.own?.taps ?? null,
    },
    {
      key: 'installs',
      label: label('installs'),
      width: 90,
      numeric: true,
      value: (row) => row.own?.installs ?? null,
    },
  ];
}
