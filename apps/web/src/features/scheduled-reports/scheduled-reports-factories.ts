// Test data of scheduled reports shaped like the API's answers (docs/api/scheduled-reports.md),
// and a fake server answering the page's GraphQL with quiet defaults, each answer replaceable.
import type { ScheduledReport } from '@tapwise/contracts';
import { fakeWrites } from '../ads-manager/actions/actions-test-kit';
import { APP } from '../ads-manager/ads-manager-factories';
import { buildGoal } from '../goals/goals-factories';

export const REPORT_ID = '7a1c0b52-3e4d-4f6a-8b9c-000000000001';
export const SLACK_INTEGRATION_ID = '7a1c0b52-3e4d-4f6a-8b9c-0000000000a1';

export function buildScheduledReport(overrides: Partial<ScheduledReport> = {}): ScheduledReport {
  return {
    id: REPORT_ID,
    name: 'Weekly campaigns',
    level: 'campaigns',
    reportLimit: 10,
    repeatType: 'WEEKLY',
    days: [1],
    hours: [9],
    runOn: null,
    dataDays: 7,
    orgIds: [APP.adAccountId],
    appIds: [],
    countries: ['US'],
    goalIds: [],
    emails: ['ada@example.com'],
    externalEmails: ['boss@partner.test'],
    slackChannels: [{ id: 'C01', name: 'growth' }],
    disabled: false,
    completed: false,
    nextRunAt: '2026-11-30T09:00:00.000Z',
    lastDelivery: {
      dueAt: '2026-11-23T09:00:00.000Z',
      status: 'SENT',
      finishedAt: '2026-11-23T09:00:05.000Z',
      error: null,
    },
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

const OWN_APP = {
  adAccountId: APP.adAccountId,
  adamId: APP.adamId,
  name: APP.name,
  adAccountName: APP.adAccountName,
  currency: APP.currency,
  timeZone: APP.timeZone,
};

type Answer = (variables: Record<string, unknown>) => unknown;

/** The scheduled reports API and the lookups of its form, each answer replaceable. */
export function scheduledReportsServer(answers: Record<string, Answer> = {}) {
  return fakeWrites({
    getScheduledReports: () => [buildScheduledReport()],
    getOwnAppsFromDB: () => [OWN_APP],
    getGoalsFromApp: () => [buildGoal({ numbers: null })],
    findByTeamId: () => [{ email: 'grace@example.com', isDisabled: false }],
    saveScheduledReport: ({ id, input }) => ({
      ...buildScheduledReport(),
      ...(input as object),
      id: (id as string | null) ?? REPORT_ID,
    }),
    setScheduledReportDisabled: ({ disabled }) =>
      buildScheduledReport({ disabled: disabled as boolean }),
    deleteScheduleReport: () => true,
    sendScheduledReportNow: () => true,
    // Last: report answers carry a `slackChannels { … }` selection the fake would match first.
    slackIntegration: () => ({
      id: SLACK_INTEGRATION_ID,
      slackTeamName: 'Acme',
      status: 'ACTIVE',
    }),
    slackChannels: () => [
      { id: 'C01', name: 'growth', isPrivate: false, isMember: true },
      { id: 'C02', name: 'marketing', isPrivate: false, isMember: true },
    ],
    ...answers,
  });
}
