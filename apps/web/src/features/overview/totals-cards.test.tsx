import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import { buildCounts, buildTotals } from './overview-factories';
import { TotalsCards } from './totals-cards';

beforeAll(async () => {
  await initI18n('en');
});

const period = { start: '2026-02-23', end: '2026-03-01' };

function card(metric: string) {
  const element = screen.getByTestId(`total-${metric}`);
  const change = element.querySelector('[data-tone]');
  return {
    value: within(element).getByTestId('total-value').textContent,
    tone: change?.getAttribute('data-tone'),
    relative: within(element).getByTestId('change-relative').textContent,
    absolute: within(element).getByTestId('change-absolute').textContent,
  };
}

describe('totals cards', () => {
  it('colours each change by whether it is good news, not by its sign', () => {
    render(
      <MantineProvider>
        <TotalsCards
          totals={buildTotals(period, {
            // More spend for fewer installs: spend is neutral, installs fell, CPA and CPT rose.
            current: buildCounts({
              localSpendMicros: 300_000_000,
              taps: 600,
              tapInstalls: 80,
              totalInstalls: 90,
            }),
            previous: buildCounts({
              localSpendMicros: 200_000_000,
              taps: 400,
              tapInstalls: 100,
              totalInstalls: 120,
            }),
          })}
        />
      </MantineProvider>,
    );

    expect(card('spend')).toEqual({
      value: '$300.00',
      tone: 'neutral',
      relative: '+50.00%',
      absolute: '(+$100.00)',
    });
    expect(card('installs')).toMatchObject({ value: '90', tone: 'bad', relative: '-25.00%' });
    // Taps went up: good. The average cost per tap stayed 0.50: neither.
    expect(card('taps')).toMatchObject({ tone: 'good', relative: '+50.00%' });
    expect(card('avgCpt')).toMatchObject({ value: '$0.50', tone: 'neutral', relative: '0.00%' });
    // Cost per acquisition rose from 2.00 to 3.75: a positive change that is bad news.
    expect(card('avgCpa')).toMatchObject({
      value: '$3.75',
      tone: 'bad',
      relative: '+87.50%',
      absolute: '(+$1.75)',
    });
    // TTR 6% from 4%: good, shown in percentage points.
    expect(card('ttr')).toMatchObject({ value: '6.00%', tone: 'good', absolute: '(+2.00%)' });
  });

  it('shows a dash where a metric or its change is undefined', () => {
    render(
      <MantineProvider>
        <TotalsCards
          totals={buildTotals(period, {
            current: buildCounts({ taps: 0, tapInstalls: 0 }),
            previous: buildCounts({ localSpendMicros: 0 }),
          })}
        />
      </MantineProvider>,
    );
    expect(card('avgCpt')).toMatchObject({ value: '—', tone: 'neutral', relative: '—' });
    // Spend grew from nothing: the absolute change exists, the relative one does not.
    expect(card('spend')).toMatchObject({ relative: '—', absolute: '(+$250.00)' });
  });
});
