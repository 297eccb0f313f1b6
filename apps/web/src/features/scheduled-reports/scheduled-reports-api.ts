// The scheduled reports' GraphQL calls (docs/api/scheduled-reports.md): reading needs
// scheduleReports.read, every change scheduleReports.write.
import { ERROR_CODES, type ScheduledReport, type ScheduledReportValues } from '@tapwise/contracts';
import { graphqlRequest } from '../../shared/api/graphql';
import { hasErrorCode } from '../../shared/api/api-error';

const REPORT = `id name level reportLimit repeatType days hours runOn dataDays orgIds appIds countries
  goalIds emails externalEmails slackChannels { id name } disabled completed nextRunAt
  lastDelivery { dueAt status finishedAt error } createdAt updatedAt`;

export const scheduledReportKeys = {
  all: ['scheduledReports'] as const,
  list: ['scheduledReports', 'list'] as const,
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
};

export const isReportNameTaken = (error: unknown) =>
  hasErrorCode(error, ERROR_CODES.REPORT_NAME_EXISTS);
