// Scheduled reports (spec 2 §3.7, §5; spec 1 §8, §9; docs/scheduled-reports.md): what a report
// holds, when it repeats and who receives it. Times are UTC; the form shows the member's local
// equivalent beside them.
import { z } from 'zod';
import { genericTextSchema } from './validation/names';
import { notificationRecipientsSchema } from './validation/email-lists';

/** Spec 1 §9 "Report repeat": no repeat, custom, daily, weekly, monthly. */
export const REPORT_REPEAT_TYPES = ['NO_REPEAT', 'CUSTOM', 'DAILY', 'WEEKLY', 'MONTHLY'] as const;
export type ReportRepeatType = (typeof REPORT_REPEAT_TYPES)[number];

/** The level of the report's table (the ads manager's rows of that level). */
export const SCHEDULED_REPORT_LEVELS = [
  'campaigns',
  'adGroups',
  'keywords',
  'searchTerms',
] as const;
export type ScheduledReportLevel = (typeof SCHEDULED_REPORT_LEVELS)[number];

export const REPORT_DELIVERY_STATUSES = ['RUNNING', 'SENT', 'PARTIAL', 'FAILED'] as const;
export type ReportDeliveryStatus = (typeof REPORT_DELIVERY_STATUSES)[number];

export const SCHEDULED_REPORT_LIMITS = {
  /** Rows of the table in the e-mail body and chat message; the attachments hold every row. */
  reportLimit: { min: 1, max: 100, default: 10 },
  /** Complete days the report covers, ending yesterday (UTC), against the days before them. */
  dataDays: { min: 1, max: 90, default: 7 },
  recipients: 50,
  slackChannels: 10,
  reportsPerTeam: 200,
} as const;

/** Spec 1 §8 wording. */
export const SCHEDULED_REPORT_MESSAGES = {
  nameExists: 'report name already exists',
  saveFailed: 'Error while saving Scheduled Report',
  scheduled: 'Scheduled successfully',
} as const;

export const scheduledReportSlackChannelSchema = z.object({
  id: z.string().regex(/^[A-Z0-9]{1,20}$/, 'validation.required'),
  name: z.string().min(1).max(80),
});
export type ScheduledReportSlackChannel = z.infer<typeof scheduledReportSlackChannelSchema>;

const appleId = z.number().int().positive();
const uniqueSorted = <T extends number>(values: T[]) => [...new Set(values)].sort((a, b) => a - b);

/**
 * The report form. Weekdays are 1 (Monday) … 7 (Sunday) for WEEKLY (one day) and CUSTOM (any
 * days); days of the month 1 … 31 for MONTHLY (a day past the month's end runs on its last day);
 * DAILY ignores days; NO_REPEAT runs once on runOn at its one hour.
 */
export const scheduledReportInput = z
  .object({
    name: genericTextSchema,
    level: z.enum(SCHEDULED_REPORT_LEVELS, { error: 'validation.required' }),
    reportLimit: z
      .number()
      .int()
      .min(SCHEDULED_REPORT_LIMITS.reportLimit.min)
      .max(SCHEDULED_REPORT_LIMITS.reportLimit.max),
    repeatType: z.enum(REPORT_REPEAT_TYPES, { error: 'validation.required' }),
    days: z.array(z.number().int().min(1).max(31)).max(31).transform(uniqueSorted),
    hours: z
      .array(z.number().int().min(0).max(23))
      .min(1, 'validation.required')
      .max(24)
      .transform(uniqueSorted),
    runOn: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .nullish(),
    dataDays: z
      .number()
      .int()
      .min(SCHEDULED_REPORT_LIMITS.dataDays.min)
      .max(SCHEDULED_REPORT_LIMITS.dataDays.max),
    orgIds: z.array(appleId).min(1, 'validation.required').max(100).transform(uniqueSorted),
    /** Empty: every app of the organisations. */
    appIds: z.array(appleId).max(500).transform(uniqueSorted),
    countries: z
      .array(z.string().regex(/^[A-Z]{2}$/, 'validation.countryInvalid'))
      .min(1, 'validation.countryRequired')
      .max(250),
    /** Goals whose numbers the report adds (goals of the report's apps). */
    goalIds: z.array(z.uuid()).max(20),
    emails: z.array(z.string()).max(SCHEDULED_REPORT_LIMITS.recipients),
    externalEmails: z.array(z.string()).max(SCHEDULED_REPORT_LIMITS.recipients),
    slackChannels: z
      .array(scheduledReportSlackChannelSchema)
      .max(SCHEDULED_REPORT_LIMITS.slackChannels),
    disabled: z.boolean().default(false),
  })
  .superRefine((report, ctx) => {
    const recipients = notificationRecipientsSchema.safeParse({
      emails: report.emails,
      externalEmails: report.externalEmails,
    });
    if (!recipients.success)
      for (const issue of recipients.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    const days = report.days;
    const needsDays = { WEEKLY: 1, CUSTOM: 1, MONTHLY: 1 } as Record<string, number>;
    if (needsDays[report.repeatType] && days.length === 0)
      ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['days'] });
    if (report.repeatType === 'WEEKLY' && days.length > 1)
      ctx.addIssue({ code: 'custom', message: 'validation.reportOneWeekday', path: ['days'] });
    if (
      (report.repeatType === 'WEEKLY' || report.repeatType === 'CUSTOM') &&
      days.some((d) => d > 7)
    )
      ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['days'] });
    if (report.repeatType === 'NO_REPEAT') {
      if (!report.runOn)
        ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['runOn'] });
      if (report.hours.length > 1)
        ctx.addIssue({ code: 'custom', message: 'validation.reportOneHour', path: ['hours'] });
    }
  });
export type ScheduledReportInput = z.input<typeof scheduledReportInput>;
export type ScheduledReportValues = z.output<typeof scheduledReportInput>;

/** A saved report as getScheduledReports answers it. */
export interface ScheduledReport extends ScheduledReportValues {
  id: string;
  completed: boolean;
  /** ISO instant; null when disabled or completed. */
  nextRunAt: string | null;
  lastDelivery: {
    dueAt: string;
    status: ReportDeliveryStatus;
    finishedAt: string | null;
    error: string | null;
  } | null;
  createdAt: string;
  updatedAt: string;
}
