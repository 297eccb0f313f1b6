import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import { renderInApp } from '../../test/render-app-page';
import { giveReportTableAHeight } from '../../test/report-table-viewport';
import { signIn } from '../../test/session-fixtures';
import { adsManagerServer, buildPage } from '../ads-manager/ads-manager-factories';
import AdsManagerPage from '../ads-manager/ads-manager-page';
import { connectSessionToApi } from '../auth/session/session-api';
import { STRATEGY_ID, buildStrategy, buildWindow } from './strategies-factories';

const NOW = new Date('2026-03-02T05:00:00Z');
const LAST_7_DAYS = { start: '2026-02-23', end: '2026-03-01' };

let removeTableHeight: () => void;
configure({ asyncUtilTimeout: 5_000 });
beforeAll(async () => {
  await initI18n('en');
  connectSessionToApi();
  removeTableHeight = giveReportTableAHeight();
});
afterAll(() => removeTableHeight());
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  signIn();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the ads manager's Strategies tab", { timeout: 20_000 }, () => {
  it('appears once strategies exist and lists them with their numbers and a link to each', async () => {
    const calls = adsManagerServer({
      campaignReports: () => buildPage([]),
      getAllStrategies: () => [buildStrategy({ numbers: buildWindow(LAST_7_DAYS) })],
    });
    renderInApp(<AdsManagerPage />, '/ads-manager');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Strategies' }));
    const row = await screen.findByTestId('strategy-row');
    expect(within(row).getByRole('link', { name: 'Brand push' }).getAttribute('href')).toBe(
      `/strategies?strategy=${STRATEGY_ID}`,
    );
    expect(within(row).getByTestId('strategy-spend').textContent).toBe('$200.00');
    expect(within(row).getByTestId('strategy-installs').textContent).toBe('40');
    expect(within(row).getByTestId('strategy-avgCpa').textContent).toBe('$5.00');
    await waitFor(() =>
      expect(
        calls.filter((call) => call.operation === 'getAllStrategies').map((call) => call.variables),
      ).toContainEqual({ adamId: null, period: LAST_7_DAYS }),
    );
    expect(screen.getByRole('tab', { name: 'Strategies' }).getAttribute('aria-selected')).toBe(
      'true',
    );
  });

  it('stays hidden while the app has no strategy', async () => {
    adsManagerServer({ campaignReports: () => buildPage([]), getAllStrategies: () => [] });
    renderInApp(<AdsManagerPage />, '/ads-manager?tab=strategies');
    expect(await screen.findByRole('tab', { name: /Campaigns/ })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Strategies' })).toBeNull();
  });
});
