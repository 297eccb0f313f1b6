import { ZERO_COUNTS, type MetricCounts, type ReportTotals } from '@tapwise/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReportLevel, ReportRow } from '@tapwise/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n';
import { giveReportTableAHeight } from '../../../test/report-table-viewport';
import { signIn } from '../../../test/session-fixtures';
import { connectSessionToApi } from '../../auth/session/session-api';
import { fakeWrites, renderWithApp, reportRow } from '../actions/actions-test-kit';
import type { VisibleTab } from '../url-state';
import { defaultColumnKeys, visibleColumns } from './columns';
import { ReportTable } from './report-table';

const counts = (spend: number, impressions: number): MetricCounts => ({
  ...ZERO_COUNTS,
  impressions,
  taps: impressions / 10,
  localSpendMicros: spend,
});

const ROW_HEIGHT = 40;

let removeTableHeight: () => void;
beforeAll(async () => {
  await initI18n('en');
  connectSessionToApi();
  removeTableHeight = giveReportTableAHeight();
});
afterAll(() => removeTableHeight());
beforeEach(() => {
  window.localStorage.clear();
  signIn();
});
afterEach(() => vi.unstubAllGlobals());

const keywords = Array.from({ length: 200 }, (_, index) =>
  reportRow({
    level: 'keywords',
    id: String(1000 + index),
    name: `keyword ${index}`,
    adGroupId: 202,
    details: { currency: 'USD', bidMicros: 1_000_000, matchType: 'EXACT' },
  }),
);

function renderTable({
  level = 'keywords',
  rows = keywords,
  totals,
}: { level?: ReportLevel; rows?: ReportRow[]; totals?: ReportTotals } = {}) {
  renderWithApp(
    <ReportTable
      level={level}
      rows={rows}
      columns={visibleColumns(level as VisibleTab, defaultColumnKeys(level as VisibleTab))}
      totals={totals}
      sortBy="spend"
      sortDesc
      onSort={vi.fn()}
      selectedIds={new Set()}
      onToggleRow={vi.fn()}
      onToggleAll={vi.fn()}
    />,
  );
}

function scrollToRow(index: number) {
  const scroller = screen.getByTestId('report-table-scroller');
  act(() => {
    scroller.scrollTop = index * ROW_HEIGHT;
    fireEvent.scroll(scroller);
  });
}

const rowNames = () =>
  screen
    .getAllByTestId('report-row')
    .map((row) => row.querySelector('td:nth-child(2)')?.textContent);

describe('report table', () => {
  it('renders only the rows in view, in order, as it scrolls', () => {
    renderTable();
    expect(rowNames()[0]).toBe('keyword 0');
    scrollToRow(150);
    const names = rowNames();
    expect(names.length).toBeLessThan(25);
    expect(names).toContain('keyword 150');
    expect(names).not.toContain('keyword 0');
    const indexes = names.map((name) => Number(name?.split(' ')[1]));
    expect(indexes).toEqual([...indexes].sort((a, b) => a - b));
  });

  it('keeps an open bid field with its keyword, not with the row that takes its place', async () => {
    renderTable();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Bid \$1\.00 for keyword 0,/ }));
    expect(screen.getByRole('textbox', { name: 'Bid for keyword 0' })).toBeTruthy();

    // Far enough that every rendered row now shows another keyword.
    scrollToRow(100);
    expect(screen.queryAllByRole('textbox')).toEqual([]);
    expect(screen.getByRole('button', { name: /Bid \$1\.00 for keyword 100,/ })).toBeTruthy();
    // Scrolled away, the field was closed: it does not open again when the keyword comes back.
    scrollToRow(0);
    expect(screen.queryAllByRole('textbox')).toEqual([]);
    expect(screen.getByRole('button', { name: /Bid \$1\.00 for keyword 0,/ })).toBeTruthy();
  });

  it("shows a pause on its way only on its own keyword as rows take each other's place", async () => {
    fakeWrites({
      changeEntityStatus: () => ({
        successMessage: 'Status changed',
        results: [{ id: 1000, ok: true, message: null }],
        bulkActionId: null,
      }),
    });
    const answer = globalThis.fetch;
    let release = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
      await answered;
      return answer(...args);
    });
    renderTable();
    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: 'Pause keyword 0' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Pause' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Pause keyword 0' })).toHaveProperty(
        'disabled',
        true,
      ),
    );

    scrollToRow(100);
    const switches = screen.getAllByRole('switch');
    expect(switches.length).toBeGreaterThan(10);
    expect(switches.filter((element) => (element as HTMLInputElement).disabled)).toEqual([]);
    release();
  });

  it("shows search terms' match type, Search Match without a keyword", () => {
    renderTable({
      level: 'searchTerms',
      rows: [
        reportRow({
          level: 'searchTerms',
          id: 's1',
          name: 'puzzle',
          status: null,
          details: { matchType: 'EXACT', searchTermSource: 'TARGETED', keywordText: 'puzzle' },
        }),
        reportRow({
          level: 'searchTerms',
          id: 's2',
          name: 'brain games',
          status: null,
          details: { matchType: 'AUTO', searchTermSource: 'AUTO', keywordText: null },
        }),
      ],
    });
    const [exact, auto] = screen.getAllByTestId('report-row');
    expect(exact!.textContent).toContain('Exact');
    expect(auto!.textContent).toContain('Search Match');
  });

  it("shows a creative set's status, and its ad group and campaign, or how many", () => {
    renderTable({
      level: 'creativeSets',
      rows: [
        reportRow({
          level: 'creativeSets',
          id: '7',
          name: 'Summer',
          status: 'ENABLED',
          displayStatus: null,
          details: {
            creativeType: 'CUSTOM_PRODUCT_PAGE',
            adGroupName: 'Brand exact',
            campaignName: 'Brand US',
            adGroupCount: 1,
            campaignCount: 1,
          },
        }),
        reportRow({
          level: 'creativeSets',
          id: '8',
          name: 'Winter',
          status: 'PAUSED',
          displayStatus: null,
          details: {
            creativeType: 'CUSTOM_PRODUCT_PAGE',
            adGroupName: null,
            campaignName: 'Brand US',
            adGroupCount: 3,
            campaignCount: 1,
          },
        }),
      ],
    });
    const cells = (row: HTMLElement) =>
      [...row.querySelectorAll('td')].map((cell) => cell.textContent);
    const [summer, winter] = screen.getAllByTestId('report-row');
    expect(cells(summer!).slice(1, 6)).toEqual([
      'Summer',
      'Enabled',
      'Custom product page',
      'Brand exact',
      'Brand US',
    ]);
    expect(cells(winter!).slice(1, 6)).toEqual([
      'Winter',
      'Paused',
      'Custom product page',
      '3 ad groups',
      'Brand US',
    ]);
  });
});

describe('campaign names', () => {
  it('drill into the ad groups, and their icon links to the campaign view', () => {
    renderTable({ level: 'campaigns', rows: [reportRow({ id: '101', name: 'Brand US' })] });
    expect(screen.getByTestId('drill-link').textContent).toBe('Brand US');
    const open = screen.getByRole('link', { name: 'Open the campaign Brand US' });
    expect(open.getAttribute('href')).toBe('/campaign-view?campaignId=101');
  });
});

describe('totals rows', () => {
  const totalsText = (row: HTMLElement, key: string) => within(row).getByTestId(key).textContent;

  it('shows one total when every row is in the reporting currency', () => {
    renderTable({
      totals: {
        byCurrency: [{ currency: 'USD', counts: counts(19_088_790_000, 5_000) }],
        converted: null,
      },
    });
    const [row, ...others] = screen.getAllByTestId('totals-row');
    expect(others).toEqual([]);
    expect(row!.textContent).toContain('Total');
    expect(totalsText(row!, 'total-spend')).toBe('$19,088.79');
    expect(screen.queryByTestId('converted-totals-row')).toBeNull();
  });

  it('never adds two currencies: a total for each, and the converted total marked ≈', async () => {
    renderTable({
      totals: {
        byCurrency: [
          { currency: 'USD', counts: counts(19_088_790_000, 5_000) },
          { currency: 'EUR', counts: counts(1_426_180_000, 1_000) },
        ],
        converted: {
          currency: 'USD',
          counts: counts(20_639_120_000, 6_000),
          unconvertible: [],
          source: 'ECB',
        },
      },
    });
    const [usd, eur] = screen.getAllByTestId('totals-row');
    expect(usd!.textContent).toContain('Total USD');
    expect(totalsText(usd!, 'total-spend')).toBe('$19,088.79');
    expect(eur!.textContent).toContain('Total EUR');
    expect(totalsText(eur!, 'total-spend')).toBe('€1,426.18');
    const converted = screen.getByTestId('converted-totals-row');
    expect(converted.textContent).toContain('≈ Total in USD');
    expect(converted.textContent).toContain("converted at the ECB's daily reference rates");
    expect(totalsText(converted, 'converted-total-spend')).toBe('≈ $20,639.12');
    // Counts are no money: they add up across currencies, unmarked.
    expect(totalsText(converted, 'converted-total-impressions')).toBe('6,000');
    const label = within(converted).getByLabelText(/each day's spend at that day's reference rate/);
    await userEvent.hover(label);
    const tooltip = await screen.findByRole('tooltip', { hidden: true }, { timeout: 5_000 });
    expect(tooltip.textContent).toBe(label.getAttribute('aria-label'));
  });

  it('says which currency could not be converted, and converts nothing', () => {
    renderTable({
      totals: {
        byCurrency: [
          { currency: 'USD', counts: counts(10_000_000, 100) },
          { currency: 'TWD', counts: counts(30_000_000, 100) },
        ],
        converted: { currency: 'USD', counts: null, unconvertible: ['TWD'], source: 'ECB' },
      },
    });
    const converted = screen.getByTestId('converted-totals-row');
    expect(converted.textContent).toContain('not converted: a rate is missing');
    expect(within(converted).getByLabelText(/no exchange rate for TWD/)).toBeTruthy();
    expect(totalsText(converted, 'converted-total-spend')).toBe('');
  });
});
