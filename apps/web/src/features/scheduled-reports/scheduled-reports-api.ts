// The scheduled reports' GraphQL calls (docs/api/scheduled-reports.md): reading needs
// scheduleReports.read, every change scheduleReports.write. The Slack channels a report may post
// to come from the chat integration (integrations.read).
import {
  ERROR_CODES,
  type ScheduledReport,
  type ScheduledReportValues,
  type SlackChannel,
  type SlackIntegration,
} from '@tapwise/contracts';
import { graphqlRequest } from '../../shared/api/graphql';
import { ApiError } from '../../shared/api/http';

const REPORT = `id name level reportLimit repeatType days hours runOn dataDays orgIds appIds countries
  goalIds emails externalEmails slackChannels { id name } disabled completed nextRunAt
  lastDelivery { dueAt status finishedAt error } createdAt updatedAt`;

export const scheduledReportKeys = {
  all: ['scheduledReports'] as const,
  list: ['scheduledReports', 'list'] as const,
  slackIntegration: ['scheduledReports', 'slackIntegration'] as const,
  slackChannels: ['scheduledReports', 'slackChannels'] as const,
};

export const scheduledReportsApi = {
  list: async () =>
    (
      await graphqlRequest<{ getScheduledReports: ScheduledReport[] }>(
        `query ScheduledReports { getScheduledReports { ${REPORT} } }`,
      )
    ).getScheduledReports,

  /** Creates the report when id is null. */
  save: async (id: string | null, input: ScheduledReportValues) =>
    (
      await graphqlRequest<{ saveScheduledReport: ScheduledReport }>(
        `mutation SaveScheduledReport($id: ID, $input: JSON!) {
          saveScheduledReport(id: $id, input: $input) { ${REPORT} }
        }`,
        { id, input },
      )
    ).saveScheduledReport,

  setDisabled: async (id: string, disabled: boolean) =>
    (
      await graphqlRequest<{ setScheduledReportDisabled: ScheduledReport }>(
        `mutation SetScheduledReportDisabled($id: ID!, $disabled: Boolean!) {
          setScheduledReportDisabled(id: $id, disabled: $disabled) { ${REPORT} }
        }`,
        { id, disabled },
      )
    ).setScheduledReportDisabled,

  remove: async (id: string) =>
    (
      await graphqlRequest<{ deleteScheduleReport: boolean }>(
        'mutation DeleteScheduleReport($id: ID!) { deleteScheduleReport(id: $id) }',
        { id },
      )
    ).deleteScheduleReport,

  sendNow: async (id: string) =>
    (
      await graphqlRequest<{ sendScheduledReportNow: boolean }>(
        'mutation SendScheduledReportNow($id: ID!) { sendScheduledReportNow(id: $id) }',
        { id },
      )
    ).sendScheduledReportNow,

  slackIntegration: async () =>
    (
      await graphqlRequest<{ slackIntegration: SlackIntegration | null }>(
        'query SlackIntegration { slackIntegration { id slackTeamName status } }',
      )
    ).slackIntegration,

  slackChannels: async () =>
    (
      await graphqlRequest<{ slackChannels: SlackChannel[] }>(
        'query SlackChannels { slackChannels { id name isPrivate isMember } }',
      )
    ).slackChannels,
};

const hasCode = (error: unknown, code: number) =>
  error instanceof ApiError && error.body?.code === code;

export const isReportNameTaken = (error: unknown) => hasCode(error, ERROR_CODES.REPORT_NAME_EXISTS);

export const isSlackNotConnected = (error: unknown) =>
  hasCode(error, ERROR_CODES.SLACK_NOT_CONNECTED);
