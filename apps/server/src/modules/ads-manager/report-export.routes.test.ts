// The ads manager's export through the real REST route on a real database: every matching row
// (more than a page of the table), the view's columns and order, CSV quoting and formula escape,
// XLSX numbers in their formats, the totals line, and who may export what.
import { REPORT_MAX_PAGE_SIZE, type ReportExportInput } from '@tapwise/contracts';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from '../../platform/testing/api-client';
import { createCompany, createMember } from '../../platform/testing/factories';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';
import { saveEntities } from '../ads-data/ads-data.repository';
import { uniformCounts } from '../analytics/overview-factories';
import {
  seedAdsManagerAccount,
  writeAccountFacts,
  type SeededAccount,
} from './ads-manager-factories';

let server: TestServer;
let admin: Session;
let readOnly: Session;
let stranger: Session;
let account: SeededAccount;
const PERIOD = { start: '2025-03-01', end: '2025-03-10' };
/** More keywords than one page of the table holds. */
const EXTRA = REPORT_MAX_PAGE_SIZE + 50;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const api = apiClient(server.url);
  const company = await createCompany(db);
  const member = await createMember(db, company.id, { role: 'ADMIN' });
  const viewer = await createMember(db, company.id, { isReadOnly: true });
  admin = await api.signIn(member.email, member.password);
  readOnly = await api.signIn(viewer.email, viewer.password);
  account = await seedAdsManagerAccount(db, company.id, [
    {
      text: 'top spender',
      status: 'ENABLED',
      deleted: false,
      matchType: 'EXACT',
      bidMicros: 1_250_000,
    },
    {
      text: '=HYPERLINK("x"), "quoted"',
      status: 'PAUSED',
      deleted: false,
      matchType: 'BROAD',
      bidMicros: null,
    },
  ]);
  await writeAccountFacts(db, account, [
    {
      keywordId: account.keywords[0]!.id,
      grain: 'DAILY',
      date: '2025-03-02',
      counts: uniformCounts(1234),
    },
  ]);
  await saveEntities(
    db,
    company.id,
    'keywords',
    Array.from({ length: EXTRA }, (_, index) => ({
      adAccountId: account.adAccountId,
      campaignId: account.campaignId,
      adGroupId: account.adGroupId,
      id: 880_000_000 + index,
      text: `filler ${index}`,
      matchType: 'EXACT',
      bidMicros: 1_000_000,
      status: 'ENABLED',
      deleted: false,
      modificationTime: null,
    })),
  );
  const other = await createCompany(db);
  const otherAdmin = await createMember(db, other.id, { role: 'ADMIN' });
  stranger = await api.signIn(otherAdmin.email, otherAdmin.password);
});
afterAll(async () => {
  await server?.close();
});

const input = (format: 'csv' | 'xlsx', overrides: Partial<ReportExportInput> = {}) => ({
  level: 'keywords',
  format,
  query: {
    period: PERIOD,
    filter: { adAccountIds: [account.adAccountId] },
    sortBy: 'spend',
    sortDesc: true,
  },
  columns: [
    { key: 'name', heading: 'Name' },
    { key: 'status', heading: 'Status' },
    { key: 'bid', heading: 'Bid' },
    { key: 'adGroup', heading: 'Ad group' },
    { key: 'spend', heading: 'Spend' },
    { key: 'taps', heading: 'Taps' },
    { key: 'ttr', heading: 'TTR' },
  ],
  codeWords: { 'status.ENABLED': 'Live', 'status.PAUSED': 'Paused' },
  ...overrides,
});

async function download(body: unknown, session?: Session) {
  return fetch(`${server.url}/v1/api/ads-manager/export`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(session
        ? {
            authorization: `Bearer ${session.token}`,
            'x-session-id': session.sessId,
            'x-user-id': session.userId,
          }
        : {}),
    },
    body: JSON.stringify(body),
  });
}

describe('ads manager export', () => {
  it("writes every matching row as CSV, in the view's columns and sort, quoted and escaped", async () => {
    const response = await download(input('csv'), admin);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="tapwise-keywords-2025-03-01-2025-03-10.csv"',
    );
    const bytes = Buffer.from(await response.arrayBuffer());
    // A byte order mark first, for spreadsheet programs.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = Papa.parse<string[]>(bytes.subarray(3).toString('utf8').trim()).data;
    expect(header).toEqual(['Name', 'Status', 'Bid', 'Ad group', 'Spend', 'Taps', 'TTR']);
    // Every row, then the totals line of their one currency.
    expect(rows).toHaveLength(EXTRA + 3);
    expect(rows.at(-1)).toEqual(['Total USD', '', '', '', '1,234.00', '1,234', '100.00%']);
    expect(rows[0]).toEqual([
      'top spender',
      'Live',
      '1.25',
      'Brand exact',
      '1,234.00',
      '1,234',
      '100.00%',
    ]);
    const formula = rows.find((row) => row[0]!.includes('HYPERLINK'));
    // Kept as text: the formula character escaped, the quotes and comma quoted by the CSV.
    expect(formula).toEqual([
      '\'=HYPERLINK("x"), "quoted"',
      'Paused',
      '1.00',
      'Brand exact',
      '0.00',
      '0',
      '',
    ]);
  });

  it('writes XLSX with numbers as numbers in their formats', async () => {
    const response = await download(input('xlsx'), readOnly);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(EXTRA + 4);
    expect(sheet.getRow(EXTRA + 4).getCell(1).value).toBe('Total USD');
    expect(sheet.getRow(EXTRA + 4).getCell(5).value).toBe(1234);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Name',
      'Status',
      'Bid',
      'Ad group',
      'Spend',
      'Taps',
      'TTR',
    ]);
    const top = sheet.getRow(2);
    expect(top.getCell(1).value).toBe('top spender');
    expect(top.getCell(3).value).toBe(1.25);
    expect(top.getCell(3).numFmt).toBe('#,##0.00');
    expect(top.getCell(5).value).toBe(1234);
    expect(top.getCell(6).numFmt).toBe('#,##0');
    expect(top.getCell(7).value).toBe(1);
    expect(top.getCell(7).numFmt).toBe('0.00%');
  });

  it("answers only the caller's rows and refuses a bad request or no session", async () => {
    const foreign = await download(input('csv'), stranger);
    expect(foreign.status).toBe(200);
    expect((await foreign.text()).trim().split('\r\n')).toHaveLength(1);

    const bad = await download(input('csv', { columns: [] }), admin);
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBeDefined();

    expect((await download(input('csv'))).status).toBe(401);
  });
});
