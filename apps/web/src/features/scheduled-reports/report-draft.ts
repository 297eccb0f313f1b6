// The report form's values as typed (numbers may be half-typed, nothing chosen yet) and their
// way to the contracts' scheduledReportInput, whose `validation.*` issues the form shows per field.
import {
  SCHEDULED_REPORT_LIMITS,
  isValidationMessageKey,
  type ReportRepeatType,
  type ScheduledReport,
  type ScheduledReportInput,
  type ScheduledReportLevel,
  type ScheduledReportSlackChannel,
} from '@tapwise/contracts';

export interface ReportDraft {
  name: string;
  level: ScheduledReportLevel | null;
  reportLimit: number | string;
  repeatType: ReportRepeatType | null;
  days: number[];
  hours: number[];
  runOn: string;
  dataDays: number | string;
  orgIds: number[];
  appIds: number[];
  countries: string[];
  goalIds: string[];
  emails: string[];
  externalEmails: string[];
  slackChannels: ScheduledReportSlackChannel[];
  disabled: boolean;
}

export type DraftField = keyof ReportDraft;
export type DraftErrors = Partial<Record<DraftField, string>>;

export function draftOf(report: ScheduledReport | null): ReportDraft {
  if (report)
    return {
      ...report,
      runOn: report.runOn ?? '',
    };
  return {
    name: '',
    level: null,
    reportLimit: SCHEDULED_REPORT_LIMITS.reportLimit.default,
    repeatType: null,
    days: [],
    hours: [],
    runOn: '',
    dataDays: SCHEDULED_REPORT_LIMITS.dataDays.default,
    orgIds: [],
    appIds: [],
    countries: [],
    goalIds: [],
    emails: [],
    externalEmails: [],
    slackChannels: [],
    disabled: false,
  };
}

/** What the schema checks; a half-typed number is sent as NaN so the schema refuses it. */
export function inputOf(draft: ReportDraft): Partial<ScheduledReportInput> {
  const number = (value: number | string) => (typeof value === 'number' ? value : Number.NaN);
  return {
    ...draft,
    level: draft.level ?? undefined,
    repeatType: draft.repeatType ?? undefined,
    reportLimit: number(draft.reportLimit),
    dataDays: number(draft.dataDays),
    // Only a one-off report has a date; the other types ignore a date left from switching.
    runOn: draft.repeatType === 'NO_REPEAT' && draft.runOn ? draft.runOn : null,
    days: draft.repeatType === 'DAILY' || draft.repeatType === 'NO_REPEAT' ? [] : draft.days,
  };
}

/** The first issue of each field, as a message key (a schema's own wording falls back). */
export function errorsOf(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): DraftErrors {
  const errors: DraftErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '') as DraftField;
    errors[field] ??= isValidationMessageKey(issue.message) ? issue.message : 'validation.required';
  }
  return errors;
}
