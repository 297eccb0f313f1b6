import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import type { GraphqlCall } from '../../test/fake-graphql';
import { renderInApp } from '../../test/render-app-page';
import { signIn } from '../../test/session-fixtures';
import { GraphqlFailure } from '../ads-manager/actions/actions-test-kit';
import { APP } from '../ads-manager/ads-manager-factories';
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

type User = ReturnType<typeof userEvent.setup>;

async function chooseOption(
  user: User,
  scope: HTMLElement,
  label: string,
  option: string | RegExp,
) {
  await user.click(within(scope).getByLabelText(new RegExp(`^${label}`), { selector: 'input' }));
  // Mantine keeps the dropdown in a transition jsdom never finishes: its options count as hidden.
  await user.click(await screen.findByRole('option', { name: option, hidden: true }));
}

async function openCreate(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Schedule a report' }));
  return screen.findByRole('dialog');
}

/** A weekly report on Mondays at 09:00 UTC for the one organisation, without recipients. */
async function fillSchedule(user: User, dialog: HTMLElement) {
  await user.type(within(dialog).getByLabelText(/^Report name/), 'Monday numbers');
  await chooseOption(user, dialog, 'Level', 'Keywords');
  await chooseOption(user, dialog, 'Repeat', 'Weekly');
  await user.click(within(dialog).getByRole('checkbox', { name: 'Monday' }));
  await chooseOption(user, dialog, 'Times', /^09:00 UTC/);
  await chooseOption(user, dialog, 'Organisations', APP.adAccountName);
}

describe('scheduled report form', { timeout: 60_000 }, () => {
  it('shows the schema messages: no recipient, no country, two days for a weekly report', async () => {
    const calls = scheduledReportsServer();
    renderInApp(<ScheduledReportsPage />, '/schedule-reports');
    const user = userEvent.setup();
    const dialog = await openCreate(user);
    await fillSchedule(user, dialog);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Tuesday' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose one day of the week.')).toBeTruthy();
    expect(within(dialog).getByText('Select at least one country or region.')).toBeTruthy();
    expect(within(dialog).getByText('Add at least one email or external email.')).toBeTruthy();
    expect(variablesOf(calls, 'saveScheduledReport')).toEqual([]);
  });

  it('refuses an external address with a space', async () => {
    scheduledReportsServer();
    renderInApp(<ScheduledReportsPage />, '/schedule-reports');
    const user = userEvent.setup();
    const dialog = await openCreate(user);
    await fillSchedule(user, dialog);
    await user.type(
      within(dialog).getByLabelText(/^External e-mails/),
      'bo ss@partner.test{Enter}',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Email addresses cannot contain spaces.')).toBeTruthy();
  });

  it('creates a report with what was chosen and says it is scheduled', async () => {
    const calls = scheduledReportsServer({ getScheduledReports: () => [] });
    renderInApp(<ScheduledReportsPage />, '/schedule-reports');
    const user = userEvent.setup();
    const dialog = await openCreate(user);
    await fillSchedule(user, dialog);
    await user.type(
      within(dialog).getByLabelText(/^Countries or regions/, { selector: 'input' }),
      'Germ',
    );
    await user.click(await screen.findByRole('option', { name: /Germany/, hidden: true }));
    await chooseOption(user, dialog, 'Team members', 'grace@example.com');
    await chooseOption(user, dialog, 'Slack channels', '#marketing');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Scheduled successfully')).toBeTruthy();
    expect(variablesOf(calls, 'saveScheduledReport')).toEqual([
      {
        id: null,
        input: {
          name: 'Monday numbers',
          level: 'keywords',
          reportLimit: 10,
          repeatType: 'WEEKLY',
          days: [1],
          hours: [9],
          runOn: null,
          dataDays: 7,
          orgIds: [APP.adAccountId],
          appIds: [],
          countries: ['DE'],
          goalIds: [],
          emails: ['grace@example.com'],
          externalEmails: [],
          slackChannels: [{ id: 'C02', name: 'marketing' }],
          disabled: false,
        },
      },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('edits a report with its values filled in', async () => {
    const calls = scheduledReportsServer();
    renderInApp(<ScheduledReportsPage />, '/schedule-reports');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Weekly campaigns' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText(/^Report name/);
    expect((name as HTMLInputElement).value).toBe('Weekly campaigns');
    await user.type(name, ' EU');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Scheduled successfully')).toBeTruthy();
    const report = buildScheduledReport();
    expect(variablesOf(calls, 'saveScheduledReport')).toEqual([
      {
        id: REPORT_ID,
        input: {
          name: 'Weekly campaigns EU',
          level: report.level,
          reportLimit: report.reportLimit,
          repeatType: report.repeatType,
          days: report.days,
          hours: report.hours,
          runOn: null,
          dataDays: report.dataDays,
          orgIds: report.orgIds,
          appIds: report.appIds,
          countries: report.countries,
          goalIds: report.goalIds,
          emails: report.emails,
          externalEmails: report.externalEmails,
          slackChannels: report.slackChannels,
          disabled: false,
        },
      },
    ]);
  });

  it('shows a taken name under the name field and keeps what was typed', async () => {
    scheduledReportsServer({
      saveScheduledReport: () => {
        throw new GraphqlFailure('REPORT_NAME_EXISTS', 'report name already exists');
      },
    });
    renderInApp(<ScheduledReportsPage />, '/schedule-reports');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Weekly campaigns' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('report name already exists')).toBeTruthy();
    expect((within(dialog).getByLabelText(/^Report name/) as HTMLInputElement).value).toBe(
      'Weekly campaigns',
    );
  });

  it('says any other failure with the spec message and stays open', async () => {
    scheduledReportsServer({
      saveScheduledReport: () => {
        throw new GraphqlFailure('INTERNAL', 'boom');
      },
    });
    renderInApp(<ScheduledReportsPage />, '/schedule-reports');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Weekly campaigns' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error while saving Scheduled Report')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('links to the integrations when Slack is not connected', async () => {
    scheduledReportsServer({
      slackChannels: () => {
        throw new GraphqlFailure('SLACK_NOT_CONNECTED', 'Slack is not connected');
      },
    });
    renderInApp(<ScheduledReportsPage />, '/schedule-reports');
    const user = userEvent.setup();
    const dialog = await openCreate(user);
    const hint = await within(dialog).findByTestId('slack-not-connected');
    expect(within(hint).getByRole('link').getAttribute('href')).toBe('/integrations');
  });
});
