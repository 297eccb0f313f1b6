import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import type { GraphqlCall } from '../../test/fake-graphql';
import { renderInApp } from '../../test/render-app-page';
import { signIn } from '../../test/session-fixtures';
import { GraphqlFailure } from '../ads-manager/actions/actions-test-kit';
import { connectSessionToApi } from '../auth/session/session-api';
import {
  REPORT_ID,
  buildScheduledReport,
  scheduledReportsServer,
} from './scheduled-reports-factories';
import ScheduledReportsPage from './scheduled-reports-page';

configure({ asyncUtilTimeout: 5_000 });
beforeAll(async () => {
  await initI18n('en');
  connectSessionToApi();
});
beforeEach(() => {
  window.localStorage.clear();
  signIn();
});
afterEach(() => vi.unstubAllGlobals());

const variablesOf = (calls: GraphqlCall[], operation: string) =>
  calls.filter((call) => call.operation === operation).map((call) => call.variables);

const dialogOf = async (title: string) =>
  (await screen.findByText(title)).closest<HTMLElement>('[role="dialog"]')!;

describe('scheduled reports page', { timeout: 30_000 }, () => {
  it('shows a skeleton while the reports load', async () => {
    scheduledReportsServer({ getScheduledReports: () => new Promise(() => undefined) });
    renderInApp(<ScheduledReportsPage />, '/schedule-reports');
    expect(await screen.findByLabelText('Loading scheduled reports')).toBeTruthy();
  });

  it('invites to schedule a report when there is none', async () => {
    scheduledReportsServer({ getScheduledReports: () => [] });
    renderInApp(<ScheduledReportsPage />, '/schedule-reports');
    const empty = await screen.findByTestId('empty-state');
    expect(within(empty).getByRole('button', { name: 'Schedule a report' })).toBeTruthy();
  });

  it('shows a failure with a retry that loads the reports again', async () => {
    let failing = true;
    const calls = scheduledReportsServer({
      getScheduledReports: () => {
        if (failing) throw new GraphqlFailure('INTERNAL', 'Something went wrong');
        return [buildScheduledReport()];
      },
    });
    renderInApp(<ScheduledReportsPage />, '/schedule-reports');
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    failing = false;
    await userEvent.setup().click(within(alert).getByRole('button'));
    expect(await screen.findByTestId('scheduled-report-row')).toBeTruthy();
    expect(variablesOf(calls, 'getScheduledReports').length).toBeGreaterThan(1);
  });

  it('lists each report with its schedule, recipients, next run and last delivery', async () => {
    scheduledReportsServer({
      getScheduledReports: () => [
        buildScheduledReport(),
        buildScheduledReport({
          id: 'r-2',
          name: 'Failed keywords',
          level: 'keywords',
          repeatType: 'DAILY',
          days: [],
          slackChannels: [],
          disabled: true,
          nextRunAt: null,
          lastDelivery: {
            dueAt: '2026-11-23T09:00:00.000Z',
            status: 'FAILED',
            finishedAt: null,
            error: 'SMTP refused',
          },
        }),
      ],
    });
    renderInApp(<ScheduledReportsPage />, '/schedule-reports');
    const rows = await screen.findAllByTestId('scheduled-report-row');
    const first = within(rows[0]!);
    expect(first.getByTestId('report-repeat').textContent).toMatch(
      /^Weekly on Monday at 09:00 UTC \(\d\d:00 your time\)$/,
    );
    expect(first.getByTestId('report-recipients').textContent).toBe('E-mails: 2 · Channels: 1');
    expect(first.getByTestId('report-next-run').textContent).toMatch(/Nov 30, 2026/);
    expect(first.getByText('Sent')).toBeTruthy();
    expect((first.getByRole('switch') as HTMLInputElement).checked).toBe(true);
    const second = within(rows[1]!);
    expect(second.getByText('Keywords')).toBeTruthy();
    expect(second.getByTestId('report-next-run').textContent).toBe('Disabled');
    expect(second.getByText('Failed')).toBeTruthy();
    expect((second.getByRole('switch') as HTMLInputElement).checked).toBe(false);
  });

  it('switches a report off and sends it at once', async () => {
    const calls = scheduledReportsServer();
    renderInApp(<ScheduledReportsPage />, '/schedule-reports');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: 'Weekly campaigns enabled' }));
    expect(await screen.findByText('Report disabled')).toBeTruthy();
    expect(variablesOf(calls, 'setScheduledReportDisabled')).toEqual([
      { id: REPORT_ID, disabled: true },
    ]);
    await user.click(screen.getByRole('button', { name: 'Send Weekly campaigns now' }));
    expect(await screen.findByText('The report is being sent now')).toBeTruthy();
    expect(variablesOf(calls, 'sendScheduledReportNow')).toEqual([{ id: REPORT_ID }]);
  });

  it('deletes a report only once the deletion is confirmed', async () => {
    const calls = scheduledReportsServer();
    renderInApp(<ScheduledReportsPage />, '/schedule-reports');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Weekly campaigns' }));
    let dialog = await dialogOf('Delete scheduled report');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(variablesOf(calls, 'deleteScheduleReport')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Weekly campaigns' }));
    dialog = await dialogOf('Delete scheduled report');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted Successfully')).toBeTruthy();
    expect(variablesOf(calls, 'deleteScheduleReport')).toEqual([{ id: REPORT_ID }]);
  });

  it('shows a member without scheduleReports.write the list without any control', async () => {
    signIn({ IsReadOnly: true });
    scheduledReportsServer();
    renderInApp(<ScheduledReportsPage />, '/schedule-reports');
    await screen.findByTestId('scheduled-report-row');
    expect(screen.queryByRole('button', { name: 'Schedule a report' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Weekly campaigns' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send Weekly campaigns now' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Weekly campaigns' })).toBeNull();
    expect((screen.getByRole('switch') as HTMLInputElement).disabled).toBe(true);
  });
});
