import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ExportJob } from '@tapwise/contracts';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import { fakeGraphql } from '../../test/fake-graphql';
import { renderInApp } from '../../test/render-app-page';
import { signIn } from '../../test/session-fixtures';
import { connectSessionToApi } from '../auth/session/session-api';
import ExportJobPage from './export-job-page';
import { exportsApi } from './exports-api';

configure({ asyncUtilTimeout: 5_000 });
beforeAll(async () => {
  await initI18n('en');
  connectSessionToApi();
});
beforeEach(() => {
  window.localStorage.clear();
  signIn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ID = '5b0c9a38-3f7e-4a5e-9d43-2a1e1d6f0b11';
const job = (overrides: Partial<ExportJob> = {}): ExportJob => ({
  id: ID,
  dataset: 'adsManager',
  format: 'xlsx',
  status: 'DONE',
  rowsDone: 25_000,
  rowsTotal: 25_000,
  fileName: 'tapwise-ads-manager.xlsx',
  receiverMail: 'ana@example.com',
  error: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  finishedAt: '2026-11-27T10:02:00.000Z',
  expiresAt: '2026-11-28T10:00:00.000Z',
  ...overrides,
});

/** The page under its route, so it reads the job's id from the path. */
const renderPage = () =>
  renderInApp(
    <Routes>
      <Route path="/exports/:id" element={<ExportJobPage />} />
    </Routes>,
    `/exports/${ID}`,
  );

describe('export job page', () => {
  it('shows a finished export with its expiry and downloads its file', async () => {
    const calls = fakeGraphql({ exportJob: () => job() });
    const download = vi.spyOn(exportsApi, 'download').mockResolvedValue();
    renderPage();
    // The loader shows while the job is read.
    expect(screen.getByRole('status')).toBeTruthy();

    expect(await screen.findByText('tapwise-ads-manager.xlsx')).toBeTruthy();
    expect(screen.getByText(/^Available until /)).toBeTruthy();
    expect(calls).toEqual([{ operation: 'exportJob', variables: { id: ID } }]);

    await userEvent.click(screen.getByRole('button', { name: 'Download XLSX' }));
    expect(download).toHaveBeenCalledWith(expect.objectContaining({ id: ID }));
  });

  it('shows a running export’s progress without a Download button', async () => {
    fakeGraphql({
      exportJob: () => job({ status: 'RUNNING', rowsDone: 4_000, fileName: null }),
    });
    renderPage();
    expect(await screen.findByText('4,000 of 25,000 rows')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download XLSX' })).toBeNull();
  });

  it('says an expired or unknown export no longer exists', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(
            JSON.stringify({
              errors: [
                {
                  message: 'No such export.',
                  extensions: { code: 13, error: 'NOT_FOUND' },
                },
              ],
            }),
            { status: 200 },
          ),
        ),
      ),
    );
    renderPage();
    expect((await screen.findByTestId('export-missing')).textContent).toContain(
      'This export has expired or does not exist.',
    );
  });
});
