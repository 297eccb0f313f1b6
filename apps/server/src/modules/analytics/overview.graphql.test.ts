// The overview through the real API on a real database, after a first sync of the sandbox's
// `demo` scenario (two years of history): totals, series, top lists and breakdowns against the
// sandbox's own reports for the same window, over days kept per day and whole weeks or months.
import { adamIdOf, toMetrics, type ReportRow } from '@tapwise/apple-ads';
import type { Sandbox } from '@tapwise/apple-ads-sandbox';
import {
  addCounts,
  buildOverviewCsv,
  METRIC_COUNT_FIELDS,
  METRIC_KEYS,
  METRICS,
  metricValues,
  OVERVIEW_CSV_LABELS_BY_LOCALE,
  overviewCsvFileName,
  previousPeriod,
  ZERO_COUNTS,
  type BreakdownRow,
  type DateRange,
  type MetricCounts,
  type MetricKey,
  type OverviewTotals,
  type SeriesPoint,
  type TopEntityRow,
} from '@tapwise/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from '../../platform/testing/api-client';
import { startSmtpCatcher, type SmtpCatcher } from '../../platform/testing/smtp-catcher';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';
import { dayOf, isoOf } from '../sync/sync-windows';
import {
  connectSandboxCompany,
  sandboxReader,
  allowingSandbox,
  startTestSandbox,
  waitForSync,
} from '../sync/sync-test-kit';

let server: TestServer;
let sandbox: Sandbox;
let smtp: SmtpCatcher;
let session: Session;
let apps: OwnApp[];

interface OwnApp {
  adAccountId: number;
  adamId: number;
  name: string;
  currency: string;
  timeZone: string;
}

beforeAll(async () => {
  sandbox = await startTestSandbox({ scenario: 'demo', seed: 11 });
  smtp = await startSmtpCatcher();
  server = await startTestServer(
    { SMTP_URL: smtp.url, ...allowingSandbox(sandbox) },
    { withWorker: true },
  );
  const company = await connectSandboxCompany(server, sandbox);
  const run = await waitForSync(server, company.teamId, company.syncId, 600_000);
  expect(run, `${run.error} ${run.errCode}`).toMatchObject({ status: 'DONE' });
  session = company.session;
  apps = (
    await query<{ getOwnAppsFromDB: OwnApp[] }>(
      '{ getOwnAppsFromDB { adAccountId adamId name currency timeZone } }',
    )
  ).getOwnAppsFromDB;
}, 900_000);
afterAll(async () => {
  await server?.close();
  await sandbox?.close();
  await smtp?.close();
});

async function query<Data>(text: string, variables: Record<string, unknown> = {}): Promise<Data> {
  const answer = await apiClient(server.url).graphql<Data>(text, variables, session);
  if (answer.errors?.length) throw new Error(JSON.stringify(answer.errors));
  return answer.data!;
}

const COUNTS = `{ ${METRIC_COUNT_FIELDS.join(' ')} }`;

const totalsOf = async (app: OwnApp, currdate: DateRange, prevdate?: DateRange) =>
  (
    await query<{ getOverviewAloneForApp: OverviewTotals }>(
      `query($input: OverviewInput!) { getOverviewAloneForApp(input: $input) {
        currdate { start end } prevdate { start end } currency dailyFrom
        current ${COUNTS} previous ${COUNTS} } }`,
      { input: { adAccountId: app.adAccountId, adamId: app.adamId, currdate, prevdate } },
    )
  ).getOverviewAloneForApp;

const reader = () => (readerClient ??= sandboxReader(sandbox));
let readerClient: ReturnType<typeof sandboxReader> | undefined;

async function campaignIdsOf(app: OwnApp): Promise<number[]> {
  const ids: number[] = [];
  for await (const page of reader().forAccount(app.adAccountId).campaigns.all())
    ids.push(...page.filter((c) => adamIdOf(c.promotedObjectId) === app.adamId).map((c) => c.id));
  return ids;
}

function countsOfRow(row: ReportRow): MetricCounts {
  const metrics = toMetrics(row.totalMetrics);
  return Object.fromEntries(
    METRIC_COUNT_FIELDS.map((field) => [field, metrics[field]]),
  ) as unknown as MetricCounts;
}

/** Apple's rows of a report level for an app over a window, all pages. */
async function sandboxRows(
  app: OwnApp,
  level: 'campaigns' | 'adgroups' | 'keywords',
  window: DateRange,
  groupBy?: string,
): Promise<ReportRow[]> {
  const rows: ReportRow[] = [];
  for await (const page of reader()
    .forAccount(app.adAccountId)
    .reports.pages(level, {
      timeRange: { start: window.start, end: window.end, timeZone: 'ORTZ' },
      filters: [{ field: 'campaignId', operator: 'IN', value: await campaignIdsOf(app) }],
      ...(groupBy ? { groupBy: [groupBy] } : {}),
    }))
    rows.push(...page.rows);
  return rows;
}

const sumOf = (rows: ReportRow[]) =>
  rows.map(countsOfRow).reduce((sum, counts) => addCounts(sum, counts), ZERO_COUNTS);

/**
 * The account's local today, as a day number. Windows the sandbox is asked about end yesterday:
 * today's delivery grows as the day goes on, so it differs from what the sync stored.
 */
const todayOf = (app: OwnApp) =>
  dayOf(new Intl.DateTimeFormat('en-CA', { timeZone: app.timeZone }).format(new Date()));

/**
 * The days a period's totals cover, derived from the first sync's windows (sync-windows.ts):
 * per day from today − 89, whole Sunday weeks from the Sunday after today − 365, whole months
 * before, each coarse bucket clipped at the edges of its window.
 */
function coveredDays(app: OwnApp, period: DateRange): DateRange {
  const today = todayOf(app);
  const dailyFrom = today - 89;
  const weeklyFrom = today - 365 + ((7 - ((today - 365 + 4) % 7)) % 7);
  const monthlyFrom = today - 730;
  const weekday = (day: number) => (day + 4) % 7;
  const monthStart = (day: number) => dayOf(`${isoOf(day).slice(0, 7)}-01`);
  const monthEnd = (day: number) => {
    const [year, month] = isoOf(day).split('-').map(Number) as [number, number];
    return dayOf(new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10));
  };
  const start = dayOf(period.start);
  const end = dayOf(period.end);
  const from =
    start >= dailyFrom
      ? start
      : start >= weeklyFrom
        ? Math.max(start - weekday(start), weeklyFrom)
        : Math.max(monthStart(start), monthlyFrom);
  const to =
    end >= dailyFrom
      ? end
      : end >= weeklyFrom
        ? Math.min(end - weekday(end) + 6, dailyFrom - 1)
        : Math.min(monthEnd(end), weeklyFrom - 1);
  return { start: isoOf(from), end: isoOf(to) };
}

/** A deterministic sequence of numbers in [0, 1). */
function randomSequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe('getOverviewAloneForApp', () => {
  it('equals the sandbox for 20 random windows and apps, per day and over whole weeks or months', async () => {
    const random = randomSequence(2026);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    expect(apps.length).toBeGreaterThanOrEqual(2);
    const checked: string[] = [];
    for (let index = 0; index < 20; index++) {
      const app = pick(apps);
      const today = todayOf(app);
      const yesterday = today - 1;
      // Half the windows lie inside the daily history, half start in the weekly or monthly one.
      const start =
        index % 2 === 0
          ? today - 1 - Math.floor(random() * 89)
          : today - 90 - Math.floor(random() * 640);
      const end = Math.min(yesterday, start + Math.floor(random() * (index % 2 === 0 ? 30 : 200)));
      const period = { start: isoOf(start), end: isoOf(end) };
      const totals = await totalsOf(app, period);
      const expected = sumOf(await sandboxRows(app, 'campaigns', coveredDays(app, period)));
      expect(totals.current, `${app.name} ${period.start}…${period.end}`).toEqual(expected);
      expect(totals.dailyFrom).toBe(isoOf(today - 89));
      checked.push(`${period.start}…${period.end}`);
    }
    expect(
      checked.filter((window) => window < isoOf(todayOf(apps[0]!) - 89)).length,
    ).toBeGreaterThan(5);
  }, 300_000);

  it('compares with the period of equal length before, or the one asked for', async () => {
    const app = apps[0]!;
    const today = todayOf(app);
    const currdate = { start: isoOf(today - 13), end: isoOf(today - 7) };
    const totals = await totalsOf(app, currdate);
    expect(totals.prevdate).toEqual(previousPeriod(currdate));
    expect(totals.previous).toEqual((await totalsOf(app, totals.prevdate)).current);
    expect(totals.current.impressions).toBeGreaterThan(0);
    expect(totals.currency).toBe(app.currency);

    const prevdate = { start: isoOf(today - 400), end: isoOf(today - 380) };
    const asked = await totalsOf(app, currdate, prevdate);
    expect(asked.prevdate).toEqual(prevdate);
    expect(asked.previous).toEqual((await totalsOf(app, prevdate)).current);
  });

  it('answers invalid periods with the validation error and its field', async () => {
    const app = apps[0]!;
    const answer = await apiClient(server.url).graphql(
      `query($input: OverviewInput!) { getOverviewAloneForApp(input: $input) { currency } }`,
      {
        input: {
          adAccountId: app.adAccountId,
          adamId: app.adamId,
          currdate: { start: '2026-02-30', end: '2026-01-01' },
        },
      },
      session,
    );
    expect(answer.errors?.[0]?.extensions).toMatchObject({
      error: 'BAD_REQUEST',
      details: { 'currdate.start': 'validation.dateInvalid' },
    });
  });
});

describe('getOwnAppsFromDB', () => {
  it('lists the apps with campaigns, by spend over the last 30 days, with currency and zone', async () => {
    expect(apps.every((app) => app.adamId > 0)).toBe(true);
    const spends = await Promise.all(
      apps.map(async (app) => {
        const today = todayOf(app);
        return (await totalsOf(app, { start: isoOf(today - 29), end: isoOf(today) })).current
          .localSpendMicros;
      }),
    );
    expect(spends).toEqual([...spends].sort((a, b) => b - a));
    expect(new Set(apps.map((app) => app.currency))).toEqual(new Set(['USD', 'EUR']));
    const accounts = sandbox.accounts();
    for (const account of accounts)
      expect(
        apps
          .filter((app) => app.adAccountId === account.id)
          .map((app) => app.adamId)
          .sort(),
      ).toEqual([...account.adamIds].sort());
  });
});

describe('getOverviewSeries', () => {
  const seriesOf = async (app: OwnApp, currdate: DateRange, granularity: string) =>
    (
      await query<{ getOverviewSeries: SeriesPoint[] }>(
        `query($input: OverviewSeriesInput!) { getOverviewSeries(input: $input) { date counts ${COUNTS} } }`,
        { input: { adAccountId: app.adAccountId, adamId: app.adamId, currdate, granularity } },
      )
    ).getOverviewSeries;

  it('has one zero-filled point per bucket that add up to the totals, at every granularity', async () => {
    const app = apps[0]!;
    const today = todayOf(app);
    for (const period of [
      { start: isoOf(today - 40), end: isoOf(today) },
      { start: isoOf(today - 200), end: isoOf(today - 20) },
      { start: isoOf(today - 700), end: isoOf(today - 400) },
    ]) {
      const totals = await totalsOf(app, period);
      for (const granularity of ['DAY', 'WEEK', 'MONTH']) {
        const series = await seriesOf(app, period, granularity);
        expect(series[0]!.date).toBe(period.start);
        const sum = series.reduce((all, point) => addCounts(all, point.counts), ZERO_COUNTS);
        expect(sum, `${granularity} ${period.start}`).toEqual(totals.current);
        for (const point of series.slice(1)) {
          const weekday = new Date(`${point.date}T00:00:00Z`).getUTCDay();
          if (granularity === 'WEEK') expect(weekday).toBe(0);
          if (granularity === 'MONTH') expect(point.date.endsWith('-01')).toBe(true);
        }
        if (granularity === 'DAY')
          expect(series).toHaveLength(dayOf(period.end) - dayOf(period.start) + 1);
      }
    }
  });

  it('shows each day of the daily history as Apple reports it', async () => {
    const app = apps[1]!;
    const today = todayOf(app);
    const period = { start: isoOf(today - 9), end: isoOf(today - 1) };
    const series = await seriesOf(app, period, 'DAY');
    for (const point of series.filter((_, index) => index % 3 === 0))
      expect(point.counts).toEqual(
        sumOf(await sandboxRows(app, 'campaigns', { start: point.date, end: point.date })),
      );
  });
});

describe('top lists', () => {
  const topOf = async (
    field: 'getTopKeywords' | 'getTopAdGroups',
    app: OwnApp,
    period: DateRange,
    param: MetricKey,
    sortDesc?: boolean,
  ) =>
    (
      await query<Record<string, TopEntityRow[]>>(
        `query($input: TopEntitiesInput!) { rows: ${field}(input: $input) {
          id name campaignId campaignName adGroupId matchType counts ${COUNTS} } }`,
        {
          input: { adAccountId: app.adAccountId, adamId: app.adamId, period, param, sortDesc },
        },
      )
    ).rows!;

  const rankedBy = (key: MetricKey, desc: boolean) => (a: MetricCounts, b: MetricCounts) => {
    const [x, y] = [METRICS[key].value(a), METRICS[key].value(b)];
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return desc ? y - x : x - y;
  };

  it('ranks the 10 keywords with the most spend as the sandbox does, named and placed', async () => {
    const app = apps[0]!;
    const today = todayOf(app);
    const period = { start: isoOf(today - 30), end: isoOf(today - 1) };
    const top = await topOf('getTopKeywords', app, period, 'spend');
    const apple = (await sandboxRows(app, 'keywords', period))
      .map((row) => ({ id: Number(row.metadata.keywordId ?? row.metadata.id), row }))
      .sort(
        (a, b) =>
          countsOfRow(b.row).localSpendMicros - countsOfRow(a.row).localSpendMicros || a.id - b.id,
      )
      .slice(0, 10);
    expect(top.map((row) => row.id)).toEqual(apple.map((entry) => entry.id));
    for (const [index, row] of top.entries()) {
      const metadata = apple[index]!.row.metadata;
      expect(row.counts).toEqual(countsOfRow(apple[index]!.row));
      expect(row).toMatchObject({
        name: metadata.text,
        matchType: metadata.matchType,
        adGroupId: metadata.adGroupId,
        campaignId: metadata.campaignId,
      });
      expect(row.campaignName).not.toBe('');
    }
  });

  it('sorts by any metric either way, undefined values last', async () => {
    const app = apps[0]!;
    const today = todayOf(app);
    const period = { start: isoOf(today - 6), end: isoOf(today) };
    for (const param of METRIC_KEYS) {
      for (const sortDesc of [true, false]) {
        for (const field of ['getTopKeywords', 'getTopAdGroups'] as const) {
          const rows = await topOf(field, app, period, param, sortDesc);
          expect(rows.length).toBeLessThanOrEqual(10);
          expect(rows.length).toBeGreaterThan(0);
          const counts = rows.map((row) => row.counts);
          expect(counts, `${field} ${param} ${sortDesc}`).toEqual(
            [...counts].sort(rankedBy(param, sortDesc)),
          );
        }
      }
    }
  });

  it('lists ad groups by their own id, without a match type, equal to the sandbox', async () => {
    const app = apps[1]!;
    const today = todayOf(app);
    const period = { start: isoOf(today - 120), end: isoOf(today - 100) };
    const top = await topOf('getTopAdGroups', app, period, 'taps');
    const apple = new Map(
      (await sandboxRows(app, 'adgroups', coveredDays(app, period))).map((row) => [
        Number(row.metadata.adGroupId ?? row.metadata.id),
        countsOfRow(row),
      ]),
    );
    expect(top.length).toBe(Math.min(10, apple.size));
    for (const row of top) {
      expect(row.adGroupId).toBe(row.id);
      expect(row.matchType).toBeNull();
      expect(row.counts).toEqual(apple.get(row.id));
    }
  });

  it('refuses a ranking metric that is not in the registry', async () => {
    const app = apps[0]!;
    await expect(
      topOf(
        'getTopKeywords',
        app,
        { start: '2026-01-01', end: '2026-01-02' },
        'goals' as MetricKey,
      ),
    ).rejects.toThrow(/BAD_REQUEST/);
  });
});

describe('breakdowns', () => {
  const breakdownOf = async (
    operation: string,
    app: OwnApp,
    currdate: DateRange,
    gender?: string,
  ) =>
    (
      await query<{ rows: BreakdownRow[] }>(
        `query($input: OverviewInput!${gender ? ', $gender: String!' : ''}) {
          rows: ${operation}(input: $input${gender ? ', gender: $gender' : ''}) {
            value counts ${COUNTS} previous ${COUNTS} } }`,
        { input: { adAccountId: app.adAccountId, adamId: app.adamId, currdate }, gender },
      )
    ).rows;

  it('splits the totals by gender, device, age and country as the sandbox does', async () => {
    const app = apps[0]!;
    const today = todayOf(app);
    const period = { start: isoOf(today - 20), end: isoOf(today - 1) };
    const totals = await totalsOf(app, period);
    const cases = [
      ['getOverviewForApp', 'gender', 'MF'],
      ['getDeviceOverviewForApp', 'deviceClass', 'PH'],
      ['getAgeOverviewForApp', 'ageRange', undefined],
      ['getMapOverview', 'countryOrRegion', undefined],
    ] as const;
    for (const [operation, dimension, gender] of cases) {
      const rows = await breakdownOf(operation, app, period, gender);
      expect(rows.reduce((sum, row) => addCounts(sum, row.counts), ZERO_COUNTS)).toEqual(
        totals.current,
      );
      expect(rows.reduce((sum, row) => addCounts(sum, row.previous), ZERO_COUNTS)).toEqual(
        totals.previous,
      );
      const apple = new Map<string, MetricCounts>();
      for (const row of await sandboxRows(app, 'campaigns', period, dimension)) {
        const value = String(row.metadata[dimension]);
        apple.set(value, addCounts(apple.get(value) ?? ZERO_COUNTS, countsOfRow(row)));
      }
      expect(new Map(rows.map((row) => [row.value, row.counts])), operation).toEqual(apple);
    }
  });

  it("splits the totals by placement, each campaign's facts under its supply source", async () => {
    const app = apps[0]!;
    const today = todayOf(app);
    const period = { start: isoOf(today - 20), end: isoOf(today - 1) };
    const placementOf = new Map<number, string>();
    for await (const page of reader().forAccount(app.adAccountId).campaigns.all()) {
      for (const campaign of page) {
        placementOf.set(campaign.id, campaign.targeting.supplyPlacement?.include?.[0] ?? 'UNKNOWN');
      }
    }
    const apple = new Map<string, MetricCounts>();
    for (const row of await sandboxRows(app, 'campaigns', period)) {
      const placement = placementOf.get(Number(row.metadata.id))!;
      apple.set(placement, addCounts(apple.get(placement) ?? ZERO_COUNTS, countsOfRow(row)));
    }
    expect(apple.size).toBeGreaterThan(0);

    const rows = await breakdownOf('getPlacementOverviewForApp', app, period);
    expect(new Map(rows.map((row) => [row.value, row.counts]))).toEqual(apple);
    const totals = await totalsOf(app, period);
    expect(rows.reduce((sum, row) => addCounts(sum, row.previous), ZERO_COUNTS)).toEqual(
      totals.previous,
    );
  });

  it('puts ages in age order and other splits by spend', async () => {
    const app = apps[0]!;
    const today = todayOf(app);
    const period = { start: isoOf(today - 6), end: isoOf(today) };
    const ages = await breakdownOf('getAgeOverviewForApp', app, period);
    expect(ages.map((row) => row.value)).toEqual([...ages.map((row) => row.value)].sort());
    const countries = await breakdownOf('getMapOverview', app, period);
    const spends = countries.map((row) => row.counts.localSpendMicros);
    expect(spends).toEqual([...spends].sort((a, b) => b - a));
  });

  it('takes only its own gender code', async () => {
    const app = apps[0]!;
    const period = { start: '2026-01-01', end: '2026-01-02' };
    await expect(breakdownOf('getOverviewForApp', app, period, 'PH')).rejects.toThrow(
      /BAD_REQUEST/,
    );
    await expect(breakdownOf('getDeviceOverviewForApp', app, period, 'MF')).rejects.toThrow(
      /BAD_REQUEST/,
    );
  });
});

describe('exportReport', () => {
  /** The newest message to an address, read as a mail program would. */
  async function mailTo(address: string) {
    const deadline = Date.now() + 30_000;
    let raw: string | undefined;
    while (!(raw = smtp.received.findLast((mail) => mail.to.includes(address))?.raw)) {
      if (Date.now() > deadline) throw new Error(`no mail to ${address}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const quotedPrintable = (text: string) =>
      Buffer.from(
        text
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
    const subject = [...raw.matchAll(/=\?UTF-8\?Q\?([^?]*)\?=/g)]
      .map(([, word]) => quotedPrintable(word!.replaceAll('_', ' ')))
      .join('');
    const text = quotedPrintable(
      /Content-Type: text\/plain[^]*?\r?\n\r?\n([^]*?)\r?\n--/.exec(raw)![1]!,
    );
    const [, filename, base64] =
      /Content-Disposition: attachment;\s+filename=(\S+)\r?\n\r?\n([A-Za-z0-9+/=\r\n]+?)\r?\n--/.exec(
        raw,
      )!;
    const bytes = Buffer.from(base64!, 'base64');
    return { subject, text, filename, bytes, csv: bytes.toString('utf8') };
  }

  const exportReport = async (variables: Record<string, unknown>, locale = 'en') => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${session.token}`,
        'x-session-id': session.sessId,
        'x-locale': locale,
      },
      body: JSON.stringify({
        query: `mutation($filter: OverviewInput!, $receiverMail: String!, $reportDatasets: [String!]!,
            $format: String) {
          exportReport(filter: $filter, receiverMail: $receiverMail, reportDatasets: $reportDatasets,
            format: $format) { successMessage } }`,
        variables,
      }),
    });
    return (await response.json()) as {
      data?: { exportReport: { successMessage: string } } | null;
      errors?: { extensions?: { error?: string } }[];
    };
  };

  it('e-mails the CSV of the datasets asked for, in the language of the member who asked', async () => {
    const app = apps[0]!;
    const today = todayOf(app);
    const currdate = { start: isoOf(today - 14), end: isoOf(today - 1) };
    const filter = { adAccountId: app.adAccountId, adamId: app.adamId, currdate };
    const answer = await exportReport(
      { filter, receiverMail: 'lead@acme.test', reportDatasets: ['totals', 'countryOrRegion'] },
      'de',
    );
    expect(answer.data?.exportReport.successMessage).toBe(
      'The report will be sent to lead@acme.test shortly.',
    );

    const mail = await mailTo('lead@acme.test');
    expect(mail.subject).toBe(`Ihr Tapwise-Übersichtsbericht: ${app.name}`);
    expect(mail.text).toContain(
      `Der Übersichtsbericht für ${app.name} vom ${currdate.start} bis ${currdate.end} ist als CSV-Datei angehängt.`,
    );
    expect(mail.text).toContain('/overview');
    expect(mail.filename).toBe(overviewCsvFileName(app.name, currdate));

    const countries = (
      await query<{ rows: BreakdownRow[] }>(
        `query($input: OverviewInput!) { rows: getMapOverview(input: $input) {
          value counts ${COUNTS} previous ${COUNTS} } }`,
        { input: filter },
      )
    ).rows;
    const expected = buildOverviewCsv(
      {
        appName: app.name,
        totals: await totalsOf(app, currdate),
        granularity: 'DAY',
        series: [],
        topKeywords: [],
        topAdGroups: [],
        breakdowns: {
          gender: [],
          deviceClass: [],
          placement: [],
          ageRange: [],
          countryOrRegion: countries,
        },
      },
      OVERVIEW_CSV_LABELS_BY_LOCALE.de,
      ['totals', 'countryOrRegion'],
    );
    expect(mail.csv).toBe(`\uFEFF${expected}`);
    expect(mail.csv).toContain('Ausgaben (USD)');
  });

  it('e-mails an XLSX with a sheet per dataset, numbers as numbers, when asked', async () => {
    const app = apps[0]!;
    const today = todayOf(app);
    const currdate = { start: isoOf(today - 14), end: isoOf(today - 1) };
    const filter = { adAccountId: app.adAccountId, adamId: app.adamId, currdate };
    const answer = await exportReport({
      filter,
      receiverMail: 'sheets@acme.test',
      reportDatasets: ['totals', 'countryOrRegion'],
      format: 'xlsx',
    });
    expect(answer.errors).toBeUndefined();
    const mail = await mailTo('sheets@acme.test');
    expect(mail.text).toContain('is attached as a XLSX file.');
    expect(mail.filename).toBe(overviewCsvFileName(app.name, currdate, 'xlsx'));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      mail.bytes.buffer.slice(
        mail.bytes.byteOffset,
        mail.bytes.byteOffset + mail.bytes.length,
      ) as ArrayBuffer,
    );
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Overview report',
      'Totals',
      'Country or region',
    ]);
    const totals = workbook.getWorksheet('Totals')!;
    expect(totals.getRow(1).getCell(1).value).toBe('Metric');
    const spend = totals.getRow(2);
    expect(spend.getCell(1).value).toBe('Spend (USD)');
    const current = metricValues((await totalsOf(app, currdate)).current).spend;
    expect(spend.getCell(2).value).toBe(current === null ? null : current / 1_000_000);
    expect(spend.getCell(2).numFmt).toBe('#,##0.00');
  });

  it('refuses a bad address, no dataset or an unknown one, and sends nothing', async () => {
    const app = apps[0]!;
    const filter = {
      adAccountId: app.adAccountId,
      adamId: app.adamId,
      currdate: { start: '2026-01-01', end: '2026-01-07' },
    };
    const before = smtp.received.length;
    for (const variables of [
      { filter, receiverMail: 'not an address', reportDatasets: ['totals'] },
      { filter, receiverMail: 'a@acme.test', reportDatasets: [] },
      { filter, receiverMail: 'a@acme.test', reportDatasets: ['goals'] },
      { filter, receiverMail: 'a@acme.test', reportDatasets: ['totals'], format: 'pdf' },
    ]) {
      const answer = await exportReport(variables);
      expect(answer.errors?.[0]?.extensions?.error, JSON.stringify(variables)).toBe('BAD_REQUEST');
    }
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(smtp.received.length).toBe(before);
  });
});
