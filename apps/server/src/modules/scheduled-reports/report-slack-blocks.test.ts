// The chat message's Block Kit blocks, built from a report's content.
import { ZERO_COUNTS, type ReportRow } from '@tapwise/contracts';
import { describe, expect, it } from 'vitest';
import type { ReportContent } from './report-content';
import { reportSlackMessage } from './report-slack-blocks';
import { reportWords } from './report-words';

const row = (name: string, spendMicros: number) =>
  ({
    name,
    details: { currency: 'USD' },
    counts: { ...ZERO_COUNTS, localSpendMicros: spendMicros },
  }) as ReportRow;

const content: ReportContent = {
  windows: {
    current: { start: '2026-11-20', end: '2026-11-26' },
    previous: { start: '2026-11-13', end: '2026-11-19' },
  },
  current: {
    currency: 'USD',
    counts: {
      ...ZERO_COUNTS,
      impressions: 2000,
      taps: 100,
      totalInstalls: 10,
      localSpendMicros: 50_000_000,
    },
  },
  previous: {
    currency: 'USD',
    counts: {
      ...ZERO_COUNTS,
      impressions: 1000,
      taps: 100,
      totalInstalls: 20,
      localSpendMicros: 40_000_000,
    },
  },
  goals: [
    {
      name: 'Trials',
      current: {
        currency: 'USD',
        counts: { ...ZERO_COUNTS, localSpendMicros: 50_000_000 },
        goalCounts: { goals: 5, goalsRevenueMicros: 0, attrInstalls: 8 },
      },
      previous: { currency: 'USD', counts: null, goalCounts: null },
    },
  ],
  dailySpend: [],
  topRows: [row('<alpha> & co', 30_000_000), row('beta', 20_000_000)],
  total: 2,
};

describe('reportSlackMessage', () => {
  const message = reportSlackMessage(
    'C0123',
    'Weekly keywords',
    content,
    reportWords('en'),
    'http://tapwise.test/ads-manager',
  );
  interface Block {
    type: string;
    text?: { text: string };
    fields?: { text: string }[];
  }
  const blocks = message.blocks as unknown as readonly Block[];

  it('heads the message with the report and its window', () => {
    expect(message).toMatchObject({
      channel: 'C0123',
      text: 'Weekly keywords: 2026-11-20 – 2026-11-26',
    });
    expect(blocks[0]).toEqual({
      type: 'header',
      text: { type: 'plain_text', text: 'Weekly keywords: 2026-11-20 – 2026-11-26' },
    });
  });

  it('shows each headline figure with its change, in sections of at most 10 fields', () => {
    const sections = blocks.filter((block) => block.type === 'section' && block.fields);
    const fields = sections.flatMap((section) => section.fields!);
    expect(sections.every((section) => section.fields!.length <= 10)).toBe(true);
    expect(fields.map((field) => field.text)).toEqual(
      expect.arrayContaining([
        '*Spend (USD)*\n50.00 (+25.0%)',
        '*Impressions*\n2,000 (+100.0%)',
        '*Installs*\n10 (-50.0%)',
        '*Trials: Goals*\n5',
      ]),
    );
  });

  it('lists the top rows by spend, escaped, and links to the ads manager', () => {
    const top = blocks.find((block) => block.type === 'section' && block.text);
    expect(top?.text?.text).toBe(
      '*Top 2 by spend*\n1. &lt;alpha&gt; &amp; co: 30.00 USD\n2. beta: 20.00 USD',
    );
    expect(blocks.at(-1)).toEqual({
      type: 'actions',
      elements: [
        {
          type: 'button',
          text: { type: 'plain_text', text: 'Open the ads manager' },
          url: 'http://tapwise.test/ads-manager',
        },
      ],
    });
  });
});
