// The rule logs' CSV export through the real REST API: one line per change, one per run without
// changes or event, the logs page's filters, and only the caller's company.
import { RULE_LOGS_CSV_COLUMNS } from '@tapwise/contracts';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from '../../platform/testing/api-client';
import { createCompany, createMember } from '../../platform/testing/factories';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';
import { createRule, createRuleRun } from './automation-factories';

let server: TestServer;
let readOnly: Session;
let other: Session;
let ruleIds: { cut: string; scale: string };

const day = (date: string) => new Date(`${date}T08:30:00Z`);

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const api = apiClient(server.url);
  const company = await createCompany(db, 'Export Co');
  const person = await createMember(db, company.id, { isReadOnly: true });
  readOnly = await api.signIn(person.email, person.password);
  const cut = await createRule(db, company.id, { input: { name: 'Cut waste' } });
  const scale = await createRule(db, company.id, { input: { name: 'Scale winners' } });
  ruleIds = { cut: cut.id, scale: scale.id };
  await createRuleRun(db, cut, {
    status: 'SUCCESS',
    trigger: 'SCHEDULED',
    startedAt: day('2026-04-01'),
    changes: [
      {
        status: 'APPLIED',
        entityName: '=puzzle games',
        before: { bidMicros: 1_500_000 },
        after: { bidMicros: 1_200_000 },
        capped: true,
      },
      { status: 'SKIPPED', entityName: 'word games', message: 'Action limit reached' },
    ],
  });
  await createRuleRun(db, scale, {
    status: 'CONDITION NOT MATCHED',
    trigger: 'DATA',
    startedAt: day('2026-04-02'),
  });
  await createRuleRun(db, scale, {
    status: 'CONDITION MATCHED',
    dryRun: true,
    startedAt: day('2026-04-03'),
    changes: [{ status: 'PLANNED', action: 'PAUSE', entityName: 'brand', before: null }],
  });

  const otherCompany = await createCompany(db, 'Other Export Co');
  const otherPerson = await createMember(db, otherCompany.id);
  other = await api.signIn(otherPerson.email, otherPerson.password);
  const otherRule = await createRule(db, otherCompany.id, { input: { name: 'Secret rule' } });
  await createRuleRun(db, otherRule, { status: 'SUCCESS', changes: [{ status: 'APPLIED' }] });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

async function download(query: string, session: Session = readOnly) {
  const answer = await apiClient(server.url).rest<string>(
    'GET',
    `automation/logs.csv${query}`,
    undefined,
    session,
  );
  expect(answer.status).toBe(200);
  const text = answer.body.data.replace(/^\uFEFF/, '');
  return Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
}

describe('GET /v1/api/automation/logs.csv', () => {
  it('writes a line per change and per run without changes, newest first', async () => {
    const [header, ...lines] = await download('');
    expect(header).toEqual([...RULE_LOGS_CSV_COLUMNS]);
    expect(lines).toEqual([
      [
        '2026-04-03T08:30:00.000Z',
        'Scale winners',
        'CONDITION MATCHED',
        'MANUAL',
        'yes',
        'keyword',
        'brand',
        'PAUSE',
        '',
        '',
        'PLANNED',
        'no',
        '',
        '',
      ],
      [
        '2026-04-02T08:30:00.000Z',
        'Scale winners',
        'CONDITION NOT MATCHED',
        'DATA',
        'no',
        ...Array(9).fill(''),
      ],
      [
        '2026-04-01T08:30:00.000Z',
        'Cut waste',
        'SUCCESS',
        'SCHEDULED',
        'no',
        'keyword',
        // An entity name starting like a formula is kept as text.
        "'=puzzle games",
        'CHANGE_BID',
        'bid: 1.50',
        'bid: 1.20',
        'APPLIED',
        'yes',
        '',
        '',
      ],
      [
        '2026-04-01T08:30:00.000Z',
        'Cut waste',
        'SUCCESS',
        'SCHEDULED',
        'no',
        'keyword',
        'word games',
        'CHANGE_BID',
        '',
        '',
        'SKIPPED',
        'no',
        'Action limit reached',
        '',
      ],
    ]);
  });

  it('applies the filters of the logs page', async () => {
    const times = async (query: string) => (await download(query)).slice(1).map((line) => line[0]);
    expect(await times(`?ruleId=${ruleIds.scale}`)).toEqual([
      '2026-04-03T08:30:00.000Z',
      '2026-04-02T08:30:00.000Z',
    ]);
    expect(await times('?statuses=SUCCESS,CONDITION%20NOT%20MATCHED')).toEqual([
      '2026-04-02T08:30:00.000Z',
      '2026-04-01T08:30:00.000Z',
      '2026-04-01T08:30:00.000Z',
    ]);
    expect(await times('?from=2026-04-02&to=2026-04-02')).toEqual(['2026-04-02T08:30:00.000Z']);
    expect(await times('?dryRun=true')).toEqual(['2026-04-03T08:30:00.000Z']);
  });

  it('answers a download of the right type and refuses bad filters and anonymous callers', async () => {
    const response = await fetch(`${server.url}/v1/api/automation/logs.csv`, {
      headers: { authorization: `Bearer ${readOnly.token}`, 'x-session-id': readOnly.sessId },
    });
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="tapwise-rule-logs-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const api = apiClient(server.url);
    const bad = await api.rest('GET', 'automation/logs.csv?from=April', undefined, readOnly);
    expect(bad.status).toBe(400);
    expect(bad.body.details).toMatchObject({ from: expect.any(String) });
    expect((await api.rest('GET', 'automation/logs.csv')).status).toBe(401);
  });

  it('writes the same lines as XLSX with the same filters', async () => {
    const response = await fetch(`${server.url}/v1/api/automation/logs.xlsx?dryRun=false`, {
      headers: { authorization: `Bearer ${readOnly.token}`, 'x-session-id': readOnly.sessId },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe(RULE_LOGS_CSV_COLUMNS[0]);
    const entities = [2, 3, 4].map((row) => sheet.getRow(row).getCell(7).value);
    // XLSX holds text as text (no formula escape needed); an empty cell reads back as null.
    expect(entities).toEqual([null, '=puzzle games', 'word games']);
    expect(sheet.rowCount).toBe(4);
  });

  it("gives another company none of this company's lines", async () => {
    const lines = (await download('', other)).slice(1);
    expect(lines.map((line) => line[1])).toEqual(['Secret rule']);
    expect((await download(`?ruleId=${ruleIds.cut}`, other)).slice(1)).toEqual([]);
  });
});
