// Claiming and delivering scheduled reports on the real database: one delivery per due report
// however many claimers run at once, the mail's numbers equal to the ads manager's for the same
// window, the table attached as CSV and XLSX, and a retry that mails only the recipients a real
// SMTP server refused the first time.
import {
  ZERO_COUNTS,
  type MetricCounts,
  type ProviderSubscriptionStatus,
  type ReportPage,
} from '@tapwise/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from '../../platform/testing/api-client';
import { createCompany, createMember } from '../../platform/testing/factories';
import { startSmtpCatcher, type SmtpCatcher } from '../../platform/testing/smtp-catcher';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';
import { listActivityLogs } from '../activity-log/activity-log.repository';
import { subscriptions } from '../billing/billing.tables';
import { createSubscription } from '../billing/subscription-factories';
import {
  seedAdsManagerAccount,
  writeAccountFacts,
  type SeededAccount,
} from '../ads-manager/ads-manager-factories';
import type { JobSender } from '../job-context';
import { reportContent, reportSource, reportWindows } from './report-content';
import { reportAttachments } from './report-mail';
import { reportWords } from './report-words';
import { deliverReport, giveUpDelivery } from './report-delivery';
import { claimDueReports } from './scheduled-report-claims';
import {
  findDelivery,
  findScheduledReport,
  insertDelivery,
  insertScheduledReport,
  type RecipientOutcome,
} from './scheduled-reports.repository';

let server: TestServer;
let smtp: SmtpCatcher;
let admin: Session;
let teamId: string;
let userId: string;
let account: SeededAccount;

/** 2026-11-27 10:00 UTC: the 7-day window is 11-20 … 11-26, compared with 11-13 … 11-19. */
const NOW = new Date('2026-11-27T10:00:00Z');
const DAYS = Array.from({ length: 14 }, (_, i) => `2026-11-${String(13 + i).padStart(2, '0')}`);

const countsOf = (keyword: number, day: number): MetricCounts => ({
  ...ZERO_COUNTS,
  impressions: 1000 + 10 * day,
  taps: 40 + keyword + day,
  tapInstalls: 5 + keyword,
  totalInstalls: 6 + keyword,
  localSpendMicros: (keyword + 1) * 1_230_000 + day * 10_000,
});

const sentJobs = () => {
  const sent: unknown[] = [];
  const sender: JobSender = {
    send: async (_job, payload) => {
      sent.push(payload);
      return null;
    },
  };
  return { sent, sender };
};

let sequence = 0;
async function seedReport(overrides: Partial<Parameters<typeof insertScheduledReport>[3]> = {}) {
  sequence += 1;
  return insertScheduledReport(server.database.db, teamId, userId, {
    name: `Report ${sequence}`,
    level: 'keywords',
    reportLimit: 2,
    repeatType: 'DAILY',
    days: [],
    hours: [9],
    runOn: null,
    dataDays: 7,
    orgIds: [account.adAccountId],
    appIds: [account.adamId],
    countries: ['US'],
    goalIds: [],
    emails: [],
    externalEmails: [],
    slackChannels: [],
    disabled: false,
    locale: 'de',
    completed: false,
    nextRunAt: new Date('2026-11-27T09:00:00Z'),
    ...overrides,
  });
}

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  server = await startTestServer({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://tapwise.test' });
  const db = server.database.db;
  const company = await createCompany(db);
  teamId = company.id;
  const member = await createMember(db, company.id, { role: 'ADMIN' });
  userId = member.user.id;
  admin = await apiClient(server.url).signIn(member.email, member.password);
  account = await seedAdsManagerAccount(
    db,
    company.id,
    ['alpha', 'beta', 'gamma'].map((text) => ({
      text,
      status: 'ENABLED' as const,
      deleted: false,
      matchType: 'EXACT' as const,
      bidMicros: 1,
    })),
    'Report app',
  );
  await writeAccountFacts(
    db,
    account,
    account.keywords.flatMap((keyword, index) =>
      DAYS.map((date, day) => ({
        keywordId: keyword.id,
        grain: 'DAILY' as const,
        date,
        counts: countsOf(index, day),
      })),
    ),
  );
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('claimDueReports', () => {
  it('gives each due report one delivery when two claimers run at once', async () => {
    const reports = await Promise.all(Array.from({ length: 12 }, () => seedReport()));
    const [first, second] = [sentJobs(), sentJobs()];
    const claimed = await Promise.all([
      claimDueReports(server.database.db, first.sender, server.context.config, NOW),
      claimDueReports(server.database.db, second.sender, server.context.config, NOW),
    ]);
    expect(claimed[0] + claimed[1]).toBe(reports.length);
    const deliveries = [...first.sent, ...second.sent] as { deliveryId: string }[];
    expect(new Set(deliveries.map((job) => job.deliveryId)).size).toBe(reports.length);
    for (const report of reports) {
      const after = await findScheduledReport(server.database.db, teamId, report.id);
      expect(after?.nextRunAt).toEqual(new Date('2026-11-28T09:00:00Z'));
    }
    // Nothing is due any more.
    expect(
      await claimDueReports(server.database.db, first.sender, server.context.config, NOW),
    ).toBe(0);
  });

  it('completes a NO_REPEAT report and leaves disabled reports alone', async () => {
    const once = await seedReport({ repeatType: 'NO_REPEAT', runOn: '2026-11-27' });
    const disabled = await seedReport({ disabled: true, nextRunAt: null });
    const { sender, sent } = sentJobs();
    await claimDueReports(server.database.db, sender, server.context.config, NOW);
    expect(sent).toHaveLength(1);
    expect(await findScheduledReport(server.database.db, teamId, once.id)).toMatchObject({
      completed: true,
      nextRunAt: null,
    });
    expect(
      (await findScheduledReport(server.database.db, teamId, disabled.id))?.nextRunAt,
    ).toBeNull();
  });
});

describe('claimDueReports and the plan (docs/billing.md "Scheduled work")', () => {
  const billingOn = () => ({
    billing: { ...server.context.config.billing, mode: 'chargebee' as const },
  });
  const setStatus = (status: ProviderSubscriptionStatus) =>
    server.database.db
      .update(subscriptions)
      .set({ status })
      .where(eq(subscriptions.teamId, teamId));
  const nextRunOf = async (id: string) =>
    (await findScheduledReport(server.database.db, teamId, id))?.nextRunAt;

  beforeAll(async () => {
    await createSubscription(server.database.db, teamId, { planId: 'growth', status: 'active' });
  });
  afterAll(async () => {
    await server.database.db.delete(subscriptions).where(eq(subscriptions.teamId, teamId));
  });

  it('sends no report of a cancelled company, and sends it once the company pays', async () => {
    const report = await seedReport();
    await setStatus('cancelled');
    const { sender, sent } = sentJobs();
    expect(await claimDueReports(server.database.db, sender, billingOn(), NOW)).toBe(0);
    expect(sent).toEqual([]);
    expect(await nextRunOf(report.id)).toEqual(new Date('2026-11-27T09:00:00Z'));
    await setStatus('active');
    expect(await claimDueReports(server.database.db, sender, billingOn(), NOW)).toBe(1);
    expect(await nextRunOf(report.id)).toEqual(new Date('2026-11-28T09:00:00Z'));
  });

  it("sends a cancelled company's report with billing off", async () => {
    const report = await seedReport();
    await setStatus('cancelled');
    const { sender, sent } = sentJobs();
    expect(await claimDueReports(server.database.db, sender, server.context.config, NOW)).toBe(1);
    expect(sent).toHaveLength(1);
    expect(await nextRunOf(report.id)).toEqual(new Date('2026-11-28T09:00:00Z'));
  });
});

describe('report content', () => {
  it("equals the ads manager's keywords report for the same window", async () => {
    const report = await reportSource(server.database.db, await seedReport({ nextRunAt: null }));
    expect(report.campaignIds).toBeNull(); // its one campaign targets the United States
    const content = await reportContent(server.database.db, teamId, report, NOW);
    const { current, previous } = reportWindows(NOW, 7);
    expect(current).toEqual({ start: '2026-11-20', end: '2026-11-26' });
    expect(previous).toEqual({ start: '2026-11-13', end: '2026-11-19' });
    const read = async (period: { start: string; end: string }) => {
      const answer = await apiClient(server.url).graphql<{ targetingKeywordReports: ReportPage }>(
        `query ($query: ReportQueryInput!) { targetingKeywordReports(query: $query) {
          rows { id counts { impressions taps totalInstalls localSpendMicros } }
          totals { byCurrency { currency counts { impressions taps totalInstalls localSpendMicros } } } } }`,
        {
          query: {
            period,
            filter: { adAccountIds: [account.adAccountId], adamIds: [account.adamId] },
            sortBy: 'spend',
            sortDesc: true,
            limit: 2,
          },
        },
        admin,
      );
      return answer.data!.targetingKeywordReports;
    };
    const [adsManager, adsManagerBefore] = [await read(current), await read(previous)];
    const pick = (counts: MetricCounts | null) => ({
      impressions: counts?.impressions,
      taps: counts?.taps,
      totalInstalls: counts?.totalInstalls,
      localSpendMicros: counts?.localSpendMicros,
    });
    expect(pick(content.current.counts)).toEqual(adsManager.totals.byCurrency[0]!.counts);
    expect(pick(content.previous.counts)).toEqual(adsManagerBefore.totals.byCurrency[0]!.counts);
    expect(content.topRows.map((row) => row.id)).toEqual(adsManager.rows.map((row) => row.id));
    expect(content.dailySpend).toHaveLength(7);
    expect(content.dailySpend.reduce((sum, day) => sum + (day.spendMicros ?? 0), 0)).toBe(
      content.current.counts!.localSpendMicros,
    );
  });
});

describe('deliverReport', () => {
  it('reads only the campaigns that target its countries, and nothing when none does', async () => {
    const elsewhere = await reportSource(
      server.database.db,
      await seedReport({ nextRunAt: null, countries: ['JP', 'DE'] }),
    );
    expect(elsewhere.campaignIds).toEqual([]);
    const content = await reportContent(server.database.db, teamId, elsewhere, NOW);
    expect(content).toMatchObject({ total: 0, topRows: [], current: { counts: null } });
    expect(
      await reportAttachments(server.database.db, teamId, elsewhere, content, reportWords('en')),
    ).toEqual([]);
    const both = await reportSource(
      server.database.db,
      await seedReport({ nextRunAt: null, countries: ['JP', 'US'] }),
    );
    expect(both.campaignIds).toBeNull();
  });
  it('retries only the recipients that failed, then records the delivery as sent', async () => {
    const report = await seedReport({
      nextRunAt: null,
      externalEmails: ['first@example.org', 'refused@example.org'],
    });
    const delivery = await insertDelivery(server.database.db, teamId, report.id, NOW);
    smtp.refused.add('refused@example.org');
    await expect(deliverReport(server.context, teamId, delivery.id)).rejects.toThrow(/1 recipient/);
    const failedOnce = await findDelivery(server.database.db, teamId, delivery.id);
    expect(failedOnce?.status).toBe('RUNNING');
    expect(failedOnce?.recipients as RecipientOutcome[]).toMatchObject([
      { to: 'first@example.org', ok: true },
      { to: 'refused@example.org', ok: false },
    ]);
    const mail = smtp.mailsTo('first@example.org');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.raw).toMatch(/filename=.*\.csv/);
    expect(mail[0]!.raw).toMatch(/filename=.*\.xlsx/);
    expect(mail[0]!.raw).toContain('Ausgaben');

    smtp.refused.clear();
    await deliverReport(server.context, teamId, delivery.id);
    expect(smtp.mailsTo('first@example.org')).toHaveLength(1);
    expect(smtp.mailsTo('refused@example.org')).toHaveLength(1);
    const sent = await findDelivery(server.database.db, teamId, delivery.id);
    expect(sent).toMatchObject({ status: 'SENT', attempts: 2, error: null });
    const logs = await listActivityLogs(server.database.db, teamId);
    expect(logs.filter((log) => log.logType === 'email_report_sent')).toHaveLength(2);
  });

  it('ends as PARTIAL when the last retry still failed for some recipients', async () => {
    const report = await seedReport({
      nextRunAt: null,
      externalEmails: ['kept@example.org', 'gone@example.org'],
    });
    const delivery = await insertDelivery(server.database.db, teamId, report.id, NOW);
    smtp.refused.add('gone@example.org');
    await expect(deliverReport(server.context, teamId, delivery.id)).rejects.toThrow();
    await giveUpDelivery(server.context, teamId, delivery.id, new Error('gave up'));
    smtp.refused.clear();
    const ended = await findDelivery(server.database.db, teamId, delivery.id);
    expect(ended?.status).toBe('PARTIAL');
    expect(ended?.error).toContain('gone@example.org');
    const logs = await listActivityLogs(server.database.db, teamId);
    expect(logs.some((log) => log.logType === 'report' && log.message.includes('partly'))).toBe(
      true,
    );
  });
});
