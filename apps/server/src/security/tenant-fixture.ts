// A company with one of everything the API can name by id, every name carrying a marker, so a
// test can tell whether any of it reached another company; and a snapshot of all its rows.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createSecretBox, type SecretBox } from '../platform/crypto/secret-box';
import type { Database } from '../platform/db/database';
import { createCompany, createMember } from '../platform/testing/factories';
import { recordActivity } from '../modules/activity-log/activity-log.service';
import { createAttrIntegration } from '../modules/attribution/attribution-factories';
import { upsertChartPreset, upsertOverviewPreset } from '../modules/analytics/presets.repository';
import {
  seedAppleAdsApp,
  uniformCounts,
  writeFacts,
} from '../modules/analytics/overview-factories';
import { saveCustomView, saveTablePreset } from '../modules/ads-manager/views.repository';
import { insertBulkAction } from '../modules/apple-writes/apple-writes.repository';
import {
  insertCreation,
  insertDraft,
  progressOf,
} from '../modules/campaign-creation/campaign-creation.repository';
import { creationInput } from '../modules/campaign-creation/campaign-creation-factories';
import {
  insertGeneration,
  insertTemplate,
  updateGeneration,
} from '../modules/campaign-generator/campaign-generator.repository';
import { generatorSettings } from '../modules/campaign-generator/campaign-generator-factories';
import { buildGeneratorPlan } from '../modules/campaign-generator/generator-plan';
import { NO_PROGRESS } from '../modules/campaign-generator/generator-progress';
import { createRule, createRuleRun, ruleInput } from '../modules/automation/automation-factories';
import { carrierRule } from '../modules/keyword-optimization/bid-applies.repository';
import { insertBacktest } from '../modules/automation/engine/rule-backtests.repository';
import { scriptInput } from '../modules/scripted-rules/script-test-kit';
import { insertExportJob, updateExportJob } from '../modules/exports/exports.repository';
import { findIntegration } from '../modules/integrations/integrations.repository';
import {
  recordSnapshot,
  trackKeywords,
} from '../modules/keyword-research/tracked-keywords.repository';
import { insertDataRequest } from '../modules/keyword-research/data-requests.repository';
import { replaceSlackIntegration } from '../modules/slack/slack.repository';
import { insertSuggestionList } from '../modules/keyword-ai/suggestion-lists.repository';
import { seedAttributionDaily, seedGoal } from '../modules/goals/goal-factories';
import { insertNote, insertStrategy } from '../modules/strategies/strategies.repository';
import { insertScheduledReport } from '../modules/scheduled-reports/scheduled-reports.repository';
import {
  createCustomFunction,
  createScriptRow,
} from '../modules/scripted-rules/custom-function-factories';

/** Every count and amount of the tenant's facts: a number that shows if any of them leaks. */
export const FACT_MARK = 73_919;

/**
 * `secrets`: the server's secret box, so that the tenant's own admin can read its partner
 * integration's secrets (a throwaway box otherwise).
 */
export async function seedTenant(
  db: Database,
  marker: string,
  secrets: SecretBox = createSecretBox(randomBytes(32)),
) {
  const company = await createCompany(db, `${marker} Company`);
  const admin = await createMember(db, company.id, { role: 'ADMIN', firstName: marker });
  const member = await createMember(db, company.id, { firstName: marker });
  const app = await seedAppleAdsApp(db, company.id, { appName: `${marker} App` });
  await writeFacts(db, app, [
    { grain: 'DAILY', date: '2026-01-05', counts: uniformCounts(FACT_MARK) },
    { grain: 'WEEKLY', date: '2025-09-07', counts: uniformCounts(FACT_MARK) },
  ]);
  const owner = { teamId: company.id, userId: admin.user.id };
  const chartPreset = await upsertChartPreset(db, company.id, admin.user.id, {
    name: `${marker} chart`,
    metrics: ['spend'],
    granularity: 'DAY',
  });
  const overviewPreset = await upsertOverviewPreset(db, company.id, admin.user.id, {
    name: `${marker} overview`,
    period: 'last7Days',
  });
  const customView = (await saveCustomView(db, owner, {
    name: `${marker} view`,
    tab: 'keywords',
    chartMetrics: ['spend'],
    granularity: 'DAY',
    columns: ['name'],
    sortBy: 'spend',
    sortDesc: true,
    pinned: true,
  }))!;
  const tablePreset = (await saveTablePreset(db, owner, {
    name: `${marker} preset`,
    tab: 'keywords',
    columns: ['name'],
  }))!;
  const bulkAction = await insertBulkAction(db, company.id, {
    userId: admin.user.id,
    request: { marker },
    total: 3,
  });
  const dataRequest = await insertDataRequest(db, company.id, {
    userId: admin.user.id,
    opId: 2,
    keyword: `${marker} keyword`,
    location: 'us',
    language: 'en',
    device: 'iphone',
    countPref: 100,
    totalCount: 100,
  });
  const rule = await createRule(db, company.id, {
    enabled: true,
    input: { name: `${marker} rule`, scope: scopeOf(app) },
  });
  const ruleRun = await createRuleRun(db, rule, {
    status: 'SUCCESS',
    changes: [{ status: 'APPLIED', entityName: `${marker} keyword` }],
  });
  const bidApply = await createRuleRun(db, await carrierRule(db, company.id, admin.user.id), {
    status: 'SUCCESS',
    changes: [{ status: 'APPLIED', entityName: `${marker} keyword` }],
  });
  const activityLog = await recordActivity(
    db,
    { userId: admin.user.id, impersonatorId: null } as never,
    company.id,
    { logType: 'member_updated', message: `${marker} only A may read this` },
  );
  const backtest = await insertBacktest(db, company.id, {
    userId: admin.user.id,
    input: { marker },
    total: 2,
  });
  const exportJob = await insertExportJob(db, company.id, {
    userId: admin.user.id,
    dataset: 'ruleLogs',
    format: 'csv',
    input: {},
    receiverMail: null,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  await updateExportJob(db, company.id, exportJob.id, {
    status: 'DONE',
    fileName: `${marker}.csv`,
    file: Buffer.from(`${marker} rule`),
  });
  const integration = (await findIntegration(db, company.id))!;
  const campaignDraft = await insertDraft(db, company.id, admin.user.id, {
    placement: 'SEARCH_RESULTS',
    step: 'keywords',
    values: { adAccountId: app.adAccountId, campaignName: `${marker} draft`, countries: ['US'] },
  });
  const creation = creationInput({ ...app, campaignName: `${marker} creation` });
  const campaignCreation = (await insertCreation(
    db,
    company.id,
    {
      userId: admin.user.id,
      idempotencyKey: '5d1c0e8a-0d8e-4c43-9a57-6f1f3b0e2a11',
      input: creation,
    },
    progressOf(creation),
  ))!;
  const [trackedKeyword] = await trackKeywords(db, company.id, admin.user.id, [
    {
      adamId: app.adamId,
      location: 'us',
      language: 'en',
      device: 'iphone',
      term: `${marker} term`,
    },
  ]);
  await recordSnapshot(db, company.id, {
    trackedKeywordId: trackedKeyword!.id,
    day: '2026-01-05',
    organicRank: 7,
    totalApps: FACT_MARK,
    popularity: 50,
  });
  const settings = generatorSettings({
    adAccountId: app.adAccountId,
    adamId: app.adamId,
    organisationName: `${marker} Org`,
  });
  const generatorTemplate = await insertTemplate(db, company.id, {
    userId: admin.user.id,
    name: `${marker} template`,
    isDraft: false,
    settings,
  });
  const generation = await insertGeneration(db, company.id, {
    userId: admin.user.id,
    settings,
    status: 'READY',
    progress: NO_PROGRESS,
  });
  const campaignGeneration = (await updateGeneration(db, company.id, generation.id, {
    fetchedKeywords: {},
    plan: buildGeneratorPlan(settings, {}, []),
  }))!;
  const suggestionList = await insertSuggestionList(db, {
    teamId: company.id,
    userId: admin.user.id,
    adamId: app.adamId,
    storefront: 'US',
    model: `${marker} model`,
    keywords: [
      {
        text: `${marker} suggestion`,
        popularity: 3,
        organicRank: 7,
        totalApps: FACT_MARK,
        alreadyBid: false,
      },
    ],
  });
  const attrIntegration = await createAttrIntegration(db, secrets, {
    teamId: company.id,
    adamId: app.adamId,
    partner: 'CUSTOM_POSTBACK',
  });
  const kochavaPull = await createAttrIntegration(db, secrets, {
    teamId: company.id,
    adamId: app.adamId,
    partner: 'KOCHAVA',
  });
  const goal = await seedGoal(db, company.id, { adamId: app.adamId, name: `${marker} goal` });
  const strategy = await insertStrategy(
    db,
    company.id,
    {
      name: `${marker} strategy`,
      adamId: app.adamId,
      description: `${marker} plan`,
      goals: ['MORE_INSTALLS'],
      targetEntities: [{ level: 'CAMPAIGN', adAccountId: app.adAccountId, id: app.campaignId }],
    },
    admin.user.id,
  );
  const strategyNote = await insertNote(db, company.id, {
    strategyId: strategy.id,
    description: `${marker} note`,
    category: 'NOTE',
    source: 'team',
    occurredAt: new Date('2026-01-05T12:00:00Z'),
    createdBy: admin.user.id,
  });
  // Slack is never reached: the address refuses connections.
  const slackIntegration = await replaceSlackIntegration(db, company.id, {
    slackTeamId: `T${FACT_MARK}`,
    slackTeamName: `${marker} workspace`,
    botTokenSealed: secrets.seal(`xoxb-${marker}`),
    scope: 'chat:write',
    apiUrl: 'http://127.0.0.1:9/slack/api/',
    notifyChannelId: 'C0TENANT01',
    notifyChannelName: `${marker}-alerts`,
  });
  await seedAttributionDaily(db, attrIntegration, [
    { day: '2026-01-05', kind: 'install', campaignId: app.campaignId, count: FACT_MARK },
    {
      day: '2026-01-05',
      kind: 'event',
      eventType: 'Start Trial',
      campaignId: app.campaignId,
      adGroupId: app.adGroupId,
      keywordId: app.keywordId,
      count: FACT_MARK,
      revenueMicros: FACT_MARK,
    },
  ]);
  const scheduledReportValues = (name: string) => ({
    name,
    level: 'keywords' as const,
    reportLimit: 10,
    repeatType: 'DAILY' as const,
    days: [],
    hours: [8],
    runOn: null,
    dataDays: 7,
    orgIds: [app.adAccountId],
    appIds: [app.adamId],
    countries: ['US'],
    goalIds: [goal.id],
    emails: [admin.email],
    externalEmails: [],
    slackChannels: [],
    disabled: false,
  });
  const scheduledReport = await insertScheduledReport(db, company.id, admin.user.id, {
    ...scheduledReportValues(`${marker} report`),
    locale: 'en',
    completed: false,
    nextRunAt: new Date('2026-01-06T08:00:00Z'),
  });
  const customFunction = await createCustomFunction(db, company.id, admin.user.id, {
    path: `${marker}/tools`,
    codes: [`export const marker = '${marker}';`],
    description: `${marker} function`,
    isPublic: true,
  });
  const script = await createScriptRow(db, company.id, {
    name: `${marker} script`,
    imports: [{ functionId: customFunction.id, path: customFunction.path, version: 1 }],
  });
  await createRuleRun(db, script, {
    status: 'SUCCESS',
    changes: [{ status: 'APPLIED', entityName: `${marker} scripted keyword` }],
  });
  return {
    company,
    admin,
    activityLog,
    attrIntegration,
    kochavaPull,
    slackIntegration,
    member,
    app,
    goal,
    strategy,
    strategyNote,
    chartPreset,
    overviewPreset,
    customView,
    tablePreset,
    bulkAction,
    dataRequest,
    rule,
    ruleRun,
    bidApply,
    backtest,
    exportJob,
    integration,
    campaignDraft,
    campaignCreation,
    trackedKeyword: trackedKeyword!,
    generatorTemplate,
    campaignGeneration,
    /** Generator settings for this company's ad account and app. */
    generatorSettingsReachingIn: () =>
      generatorSettings({
        adAccountId: app.adAccountId,
        adamId: app.adamId,
        organisationName: 'Reaching in',
      }),
    suggestionList,
    scheduledReport,
    customFunction,
    script,
    /** A scheduled report reading this company's ad account, app and goal. */
    scheduledReportReachingIn: () => scheduledReportValues('Reaching in'),
    /** A campaign that would be created in this company's ad account. */
    creationReachingIn: () => creationInput({ ...app, campaignName: 'Reaching in' }),
    /** A scripted rule reading this company's campaign. */
    scriptReachingIn: () =>
      scriptInput(`tw.keywords({ campaignIds: [${app.campaignId}] });`, { name: 'Reaching in' }),
    /** A rule definition reaching into this company's campaigns. */
    ruleReachingIn: () => ruleInput({ name: 'Reaching in', scope: scopeOf(app) }),
  };
}

export type Tenant = Awaited<ReturnType<typeof seedTenant>>;

function scopeOf(app: { adAccountId: number; campaignId: number }) {
  return {
    adAccountIds: [app.adAccountId],
    adamIds: [],
    campaignIds: [app.campaignId],
    adGroupIds: [],
    keywordIds: [],
  };
}

/** Every row of every table that belongs to a company (has its team_id), and its users' rows. */
export async function tenantSnapshot(
  db: Database,
  teamId: string,
): Promise<Record<string, string[]>> {
  const tables = await db.execute<{ table_name: string }>(sql`
    select table_name from information_schema.columns
    where table_schema = 'public' and column_name = 'team_id'
    order by table_name`);
  const snapshot: Record<string, string[]> = {};
  for (const { table_name: table } of tables.rows) {
    const rows = await db.execute<{ row: string }>(
      sql`select to_jsonb(t)::text as row from ${sql.identifier(table)} t where team_id = ${teamId}`,
    );
    snapshot[table] = rows.rows.map(({ row }) => row).sort();
  }
  const users = await db.execute<{ row: string }>(sql`
    select to_jsonb(u)::text as row from users u
    where id in (select user_id from memberships where team_id = ${teamId})`);
  snapshot.users = users.rows.map(({ row }) => row).sort();
  return snapshot;
}
