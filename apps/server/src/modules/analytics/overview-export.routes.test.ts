// The overview's XLSX download through the real REST route on a real database: a sheet per
// dataset asked for, numbers as numbers, headed in the caller's language; another company's
// app reads as empty; a bad request or no session is refused.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from '../../platform/testing/api-client';
import { createCompany, createMember } from '../../platform/testing/factories';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';
import {
  seedAdsManagerAccount,
  writeAccountFacts,
  type SeededAccount,
} from '../ads-manager/ads-manager-factories';
import { uniformCounts } from './overview-factories';

let server: TestServer;
let member: Session;
let stranger: Session;
let account: SeededAccount;
const PERIOD = { start: '2025-03-01', end: '2025-03-10' };
const APP_NAME = 'Calm Breath';

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const api = apiClient(server.url);
  const company = await createCompany(db);
  const staff = await createMember(db, company.id, { role: 'STAFF' });
  member = await api.signIn(staff.email, staff.password);
  account = await seedAdsManagerAccount(
    db,
    company.id,
    [{ text: 'breathing', status: 'ENABLED', deleted: false, matchType: 'EXACT', bidMicros: 1 }],
    APP_NAME,
  );
  await writeAccountFacts(db, account, [
    {
      keywordId: account.keywords[0]!.id,
      grain: 'DAILY',
      date: '2025-03-02',
      counts: uniformCounts(1234),
    },
  ]);
  const other = await createCompany(db);
  const otherAdmin = await createMember(db, other.id, { role: 'ADMIN' });
  stranger = await api.signIn(otherAdmin.email, otherAdmin.password);
});
afterAll(async () => {
  await server?.close();
});

const input = (overrides: Record<string, unknown> = {}) => ({
  filter: { adAccountId: account.adAccountId, adamId: account.adamId, currdate: PERIOD },
  reportDatasets: ['totals', 'topKeywords'],
  ...overrides,
});

function download(body: unknown, session?: Session, locale = 'en') {
  return fetch(`${server.url}/v1/api/overview/export.xlsx`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-locale': locale,
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

/** The cells naming the seeded app or its spend. */
const tracesOfApp = (workbook: ExcelJS.Workbook) =>
  workbook.worksheets
    .flatMap((sheet) => sheet.getSheetValues().flat().map(String))
    .filter((cell) => cell.includes(APP_NAME) || cell === '1234');

async function workbookOf(response: Response) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  return workbook;
}

describe('overview XLSX download', () => {
  it('writes a sheet per dataset asked for, numbers as numbers', async () => {
    const response = await download(input(), member);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    expect(response.headers.get('content-disposition')).toContain(
      'filename="tapwise-overview-calm-breath-2025-03-01-2025-03-10.xlsx"',
    );
    const workbook = await workbookOf(response);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Overview report',
      'Totals',
      'Top keywords',
    ]);
    const spend = workbook.getWorksheet('Totals')!.getRow(2);
    expect(spend.getCell(1).value).toBe('Spend (USD)');
    expect(spend.getCell(2).value).toBe(1234);
    expect(spend.getCell(2).numFmt).toBe('#,##0.00');
    const keywords = workbook.getWorksheet('Top keywords')!;
    expect(keywords.getRow(2).getCell(1).value).toBe('breathing');
  });

  it("heads the workbook in the caller's language", async () => {
    const workbook = await workbookOf(await download(input(), member, 'de'));
    expect(workbook.getWorksheet(2)?.getRow(2).getCell(1).value).toBe('Ausgaben (USD)');
  });

  it('gives another company nothing of the app, and refuses a bad request or no session', async () => {
    const foreign = await download(input(), stranger);
    expect(foreign.status).toBe(200);
    expect(tracesOfApp(await workbookOf(foreign))).toEqual([]);
    // The same request by the app's company shows it.
    expect(tracesOfApp(await workbookOf(await download(input(), member)))).not.toEqual([]);

    for (const bad of [input({ reportDatasets: [] }), input({ reportDatasets: ['goals'] }), {}]) {
      expect((await download(bad, member)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await download(input())).status).toBe(401);
  });
});
