import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REPORT_DATASETS, buildOverviewCsv } from '@tapwise/contracts';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { changeLocale, initI18n } from '../../shared/i18n/i18n';
import { fakeGraphql } from '../../test/fake-graphql';
import { signIn } from '../../test/session-fixtures';
import { connectSessionToApi } from '../auth/session/session-api';
import { csvLabels } from './csv-download';
import { ExportActions } from './export-actions';
import { buildReport } from './overview-factories';

const currdate = { start: '2026-02-01', end: '2026-02-28' };
const filter = {
  adAccountId: 4_100_001,
  adamId: 1_500_000_001,
  currdate,
  prevdate: { start: '2026-01-04', end: '2026-01-31' },
};

beforeAll(async () => {
  await initI18n('en');
  connectSessionToApi();
});
beforeEach(() => window.localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Captures what the page hands to the browser as a download. */
function captureDownloads() {
  const downloads: { fileName: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  vi.stubGlobal('URL', {
    ...URL,
    createObjectURL: (blob: Blob) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob);
      return url;
    },
    revokeObjectURL: () => undefined,
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    downloads.push({ fileName: this.download, blob: blobs.get(this.href)! });
  });
  return downloads;
}

function renderActions(report: ReturnType<typeof buildReport> | null) {
  render(
    <AppProviders>
      <MemoryRouter>
        <ExportActions report={report} filter={filter} />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('overview export', () => {
  it('downloads the contracts CSV of what the page shows', async () => {
    const downloads = captureDownloads();
    const report = buildReport(currdate);
    renderActions(report);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(downloads).toHaveLength(1);
    const [download] = downloads;
    expect(download!.fileName).toBe(
      'tapwise-overview-puzzle-quest-deluxe-2026-02-01-2026-02-28.csv',
    );
    expect(download!.blob.type).toBe('text/csv;charset=utf-8');
    const text = await download!.blob.text();
    expect(text).toBe(buildOverviewCsv(report, csvLabels('en')));
    expect(text.split('\r\n')[0]).toBe('Overview report');
    expect(text).toContain('Spend (USD),250.00,200.00,50.00,25.00%');
  });

  it('heads the file in the interface language', async () => {
    // Before URL is stubbed: loading the language's chunk needs the real one.
    await changeLocale('de');
    const downloads = captureDownloads();
    try {
      renderActions(buildReport(currdate));
      await userEvent.setup().click(screen.getByRole('button', { name: 'CSV exportieren' }));
      const text = await downloads[0]!.blob.text();
      expect(text.split('\r\n')[0]).toBe('Übersichtsbericht');
      expect(text).toContain('Ausgaben (USD),250.00,200.00');
    } finally {
      await changeLocale('en');
    }
  });

  it('downloads the XLSX the server writes for the same app and period, every dataset', async () => {
    signIn({ Email: 'ada@example.com' });
    const downloads = captureDownloads();
    const sent: { url: string; method?: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        sent.push({ url, method: init.method, body: JSON.parse(init.body as string) });
        return Promise.resolve(
          new Response('PK workbook', {
            status: 200,
            headers: { 'content-type': 'application/vnd.ms-excel' },
          }),
        );
      }),
    );
    renderActions(buildReport(currdate));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export XLSX' }));

    await vi.waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.fileName).toBe(
      'tapwise-overview-puzzle-quest-deluxe-2026-02-01-2026-02-28.xlsx',
    );
    expect(await downloads[0]!.blob.text()).toBe('PK workbook');
    expect(sent).toEqual([
      {
        url: '/v1/api/overview/export.xlsx',
        method: 'POST',
        body: { filter, reportDatasets: [...REPORT_DATASETS] },
      },
    ]);
  });

  it('offers no download until every panel has its data', () => {
    renderActions(null);
    for (const name of ['Export CSV', 'Export XLSX']) {
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled, name).toBe(true);
    }
  });

  it('e-mails the report to the user with every dataset ticked and shows the server message', async () => {
    signIn({ Email: 'ada@example.com' });
    const calls = fakeGraphql({
      exportReport: () => ({
        successMessage: 'The report will be sent to ada@example.com shortly.',
      }),
    });
    renderActions(buildReport(currdate));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'E-mail report' }));
    expect(((await screen.findByLabelText(/Send to/)) as HTMLInputElement).value).toBe(
      'ada@example.com',
    );
    await user.click(screen.getByRole('checkbox', { name: 'Series' }));
    await user.click(screen.getByRole('button', { name: 'Send report' }));

    expect(
      await screen.findByText('The report will be sent to ada@example.com shortly.'),
    ).toBeTruthy();
    expect(calls).toEqual([
      {
        operation: 'exportReport',
        variables: {
          filter,
          receiverMail: 'ada@example.com',
          // The web sends the contracts' default: a CSV attachment.
          format: 'csv',
          reportDatasets: [
            'totals',
            'topKeywords',
            'topAdGroups',
            'gender',
            'deviceClass',
            'placement',
            'ageRange',
            'countryOrRegion',
          ],
        },
      },
    ]);
  });

  it('e-mails the report as XLSX when the member chooses it', async () => {
    signIn({ Email: 'ada@example.com' });
    const calls = fakeGraphql({ exportReport: () => ({ successMessage: 'sent' }) });
    renderActions(buildReport(currdate));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'E-mail report' }));
    await user.click(await screen.findByText('Excel (XLSX)'));
    await user.click(screen.getByRole('button', { name: 'Send report' }));

    await screen.findByText('sent');
    expect(calls.map((call) => call.variables.format)).toEqual(['xlsx']);
  });

  it('checks the address and the datasets with the contracts rules before sending', async () => {
    signIn({ Email: 'ada@example.com' });
    const calls = fakeGraphql({ exportReport: () => ({ successMessage: 'sent' }) });
    renderActions(buildReport(currdate));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'E-mail report' }));
    const address = await screen.findByLabelText(/Send to/);
    await user.clear(address);
    await user.type(address, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
