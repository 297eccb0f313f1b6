// Background exports through the real API, the real job queue and the socket: startExport for
// each dataset built so far, progress to the member, the file read back from its download route,
// mailed as an attachment (or as a link when too large), the owner's only, gone after a day.
import type * as Contracts from '@tapwise/contracts';
import {
  EXPORT_FILE_TTL_MS,
  EXPORT_MESSAGES,
  REPORT_MAX_PAGE_SIZE,
  RULE_LOGS_CSV_COLUMNS,
  SOCKET_EVENTS,
  type ExportJob,
  type ExportJobProgress,
} from '@tapwise/contracts';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiClient, type GraphQLAnswer, type Session } from '../../platform/testing/api-client';
import { createCompany, createMember } from '../../platform/testing/factories';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';
import { saveEntities } from '../ads-data/ads-data.repository';
import { seedAdsManagerAccount, type SeededAccount } from '../ads-manager/ads-manager-factories';
import { createRule, createRuleRun } from '../automation/automation-factories';
import { listOutboxMail } from '../mail/mail.repository';
import { startExport } from './export-jobs.service';
import { pruneExportFilesJob } from './jobs/prune-export-files.job';

// The mail size limit, lowered by the test of a file too large to attach.
const mailLimit = vi.hoisted(() => ({ bytes: 10 * 1024 * 1024 }));
vi.mock('@tapwise/contracts', async (importOriginal) => {
  const actual = await importOriginal<typeof Contracts>();
  return {
    ...actual,
    get EXPORT_MAIL_MAX_BYTES() {
      return mailLimit.bytes;
    },
  };
});

const ORIGIN = 'http://localhost:5173';
const PERIOD = { start: '2025-03-01', end: '2025-03-10' };
/** More keywords than one page of the ads manager holds, so the file is written in two pages. */
const KEYWORDS = REPORT_MAX_PAGE_SIZE + 10;

let server: TestServer;
let teamId: string;
let account: SeededAccount;
let member: Session;
let colleague: Session;
let stranger: Session;

beforeAll(async () => {
  server = await startTestServer({ ALLOWED_ORIGINS: ORIGIN }, { withWorker: true });
  const db = server.database.db;
  const api = apiClient(server.url);
  const signIn = async (companyId: string, options: Parameters<typeof createMember>[2]) => {
    const person = await createMember(db, companyId, options);
    return api.signIn(person.email, person.password);
  };
  teamId = (await createCompany(db, 'Export Jobs Co')).id;
  member = await signIn(teamId, { role: 'STAFF', isReadOnly: true });
  colleague = await signIn(teamId, { role: 'ADMIN' });
  stranger = await signIn((await createCompany(db, 'Other Co')).id, { role: 'ADMIN' });
  account = await seedAdsManagerAccount(db, teamId, [
    { text: '=cmd', status: 'ENABLED', deleted: false, matchType: 'EXACT', bidMicros: 1_250_000 },
  ]);
  await saveEntities(
    db,
    teamId,
    'keywords',
    Array.from({ length: KEYWORDS - 1 }, (_, index) => ({
      adAccountId: account.adAccountId,
      campaignId: account.campaignId,
      adGroupId: account.adGroupId,
      id: 770_000_000 + index,
      text: `filler ${index}`,
      matchType: 'EXACT',
      bidMicros: 1_000_000,
      status: 'ENABLED',
      deleted: false,
      modificationTime: null,
    })),
  );
  const rule = await createRule(db, teamId, { input: { name: 'Cut waste' } });
  await createRuleRun(db, rule, {
    status: 'SUCCESS',
    changes: [{ status: 'APPLIED', entityName: '+brand', after: { bidMicros: 900_000 } }],
  });
}, 180_000);
afterAll(async () => {
  await server?.close();
});

const JOB_FIELDS =
  'id dataset format status rowsDone rowsTotal fileName receiverMail error createdAt expiresAt';
const START = `mutation($dataset: String!, $format: String!, $input: JSON!, $receiverMail: String) {
  startExport(dataset: $dataset, format: $format, input: $input, receiverMail: $receiverMail) {
    ${JOB_FIELDS} } }`;
const READ = `query($id: ID!) { exportJob(id: $id) { ${JOB_FIELDS} } }`;
const LIST = `{ exportJobs { id status } }`;

const gql = <Data = Record<string, unknown>>(
  query: string,
  variables: Record<string, unknown>,
  session: Session,
) => apiClient(server.url).graphql<Data>(query, variables, session);

/** A keywords view of the seeded account, its headings in the member's language. */
const adsManagerInput = () => ({
  level: 'keywords',
  query: {
    period: PERIOD,
    filter: { adAccountIds: [account.adAccountId] },
    sortBy: 'name',
    sortDesc: false,
  },
  columns: [
    { key: 'name', heading: 'Schlüsselwort' },
    { key: 'bid', heading: 'Gebot' },
  ],
});

async function start(variables: Record<string, unknown>, session = member) {
  const answer = await gql<{ startExport: ExportJob }>(START, variables, session);
  if (answer.errors?.length) throw new Error(JSON.stringify(answer.errors));
  return answer.data!.startExport;
}

/** Polls the export until the job has finished with it. */
async function finished(id: string, session = member): Promise<ExportJob> {
  for (;;) {
    const job = (await gql<{ exportJob: ExportJob }>(READ, { id }, session)).data!.exportJob;
    if (job.status === 'DONE' || job.status === 'FAILED') return job;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const fileOf = (id: string, session: Session) =>
  fetch(`${server.url}/v1/api/exports/${id}/file`, {
    headers: {
      authorization: `Bearer ${session.token}`,
      'x-session-id': session.sessId,
      'x-user-id': session.userId,
    },
  });

const errorOf = (answer: GraphQLAnswer) => answer.errors?.[0]?.extensions ?? {};

describe('background exports', () => {
  it('writes the ads manager view as XLSX page by page, telling the member the rows done', async () => {
    const socket = connectSocket(server.url, {
      transports: ['websocket'],
      extraHeaders: { origin: ORIGIN },
      auth: { token: member.token, sessId: member.sessId },
      reconnection: false,
    });
    await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
    const messages: ExportJobProgress[] = [];
    const done = new Promise<void>((resolve) =>
      socket.on(SOCKET_EVENTS.exportProgress, (message: ExportJobProgress) => {
        messages.push(message);
        if (message.status === 'DONE') resolve();
      }),
    );
    const job = await start({
      dataset: 'adsManager',
      format: 'xlsx',
      input: adsManagerInput(),
    });
    expect(job).toMatchObject({ dataset: 'adsManager', format: 'xlsx', status: 'QUEUED' });
    await done;
    socket.close();
    expect(messages.map((message) => [message.status, message.rowsDone])).toEqual([
      ['RUNNING', 0],
      ['RUNNING', REPORT_MAX_PAGE_SIZE],
      ['RUNNING', KEYWORDS],
      ['DONE', KEYWORDS],
    ]);
    expect(messages.at(-1)).toMatchObject({
      rowsTotal: KEYWORDS,
      fileName: 'tapwise-keywords-2025-03-01-2025-03-10.xlsx',
    });

    const response = await fileOf(job.id, member);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="tapwise-keywords-2025-03-01-2025-03-10.xlsx"',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Schlüsselwort', 'Gebot']);
    expect(sheet.getRow(2).values).toEqual([undefined, '=cmd', 1.25]);
    expect(sheet.getRow(2).getCell(2).numFmt).toBe('#,##0.00');
    // The rows, then the totals line.
    expect(sheet.rowCount).toBe(1 + KEYWORDS + 1);

    const list = await gql<{ exportJobs: { id: string; status: string }[] }>(LIST, {}, member);
    expect(list.data!.exportJobs[0]).toEqual({ id: job.id, status: 'DONE' });
  });

  it('mails the rule logs as a CSV attachment', async () => {
    const job = await start({
      dataset: 'ruleLogs',
      format: 'csv',
      input: { statuses: ['SUCCESS'] },
      receiverMail: 'exports@example.com',
    });
    const done = await finished(job.id);
    expect(done).toMatchObject({
      status: 'DONE',
      rowsDone: 1,
      receiverMail: 'exports@example.com',
    });
    // The mailed link's page shows when the file goes: a day after the export started.
    const kept = Date.parse(done.expiresAt) - Date.parse(done.createdAt);
    expect(Math.abs(kept - EXPORT_FILE_TTL_MS)).toBeLessThan(5_000);
    const csv = (await (await fileOf(job.id, member)).text()).replace(/^\uFEFF/, '');
    const [header, line] = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;
    expect(header).toEqual([...RULE_LOGS_CSV_COLUMNS]);
    expect(line![1]).toBe('Cut waste');
    expect(line![6]).toBe("'+brand");
    const [mail] = (await listOutboxMail(server.database.db, 20)).filter(
      (sent) => sent.recipient === 'exports@example.com',
    );
    expect(mail).toMatchObject({ template: 'exportAttached', status: 'KEPT' });
    expect(mail!.attachments).toEqual([
      {
        filename: done.fileName,
        contentType: 'text/csv; charset=utf-8',
        bytes: Buffer.byteLength(`\uFEFF${csv}`),
      },
    ]);
  });

  it('mails a link to its download instead when the file is too large to attach', async () => {
    mailLimit.bytes = 10;
    try {
      const job = await start({
        dataset: 'ruleLogs',
        format: 'xlsx',
        input: {},
        receiverMail: 'large@example.com',
      });
      expect((await finished(job.id)).status).toBe('DONE');
      const [mail] = (await listOutboxMail(server.database.db, 20)).filter(
        (sent) => sent.recipient === 'large@example.com',
      );
      expect(mail).toMatchObject({ template: 'exportLink', attachments: [] });
      expect(mail!.text).toContain(`${server.config.publicUrl}/exports/${job.id}`);
    } finally {
      mailLimit.bytes = 10 * 1024 * 1024;
    }
  });

  it('refuses an input its dataset does not accept and a dataset that does not run in the background', async () => {
    const bad = await gql(
      START,
      { dataset: 'ruleLogs', format: 'csv', input: { from: 'April' } },
      member,
    );
    expect(errorOf(bad)).toMatchObject({ error: 'BAD_REQUEST' });
    const direct = await gql(
      START,
      { dataset: 'keywordAnalysis', format: 'csv', input: {} },
      member,
    );
    expect(errorOf(direct)).toMatchObject({ error: 'BAD_REQUEST' });
    const format = await gql(START, { dataset: 'ruleLogs', format: 'pdf', input: {} }, member);
    expect(errorOf(format)).toMatchObject({ error: 'BAD_REQUEST' });
  });

  it("refuses a member without the dataset's read permission", async () => {
    const caller = {
      teamId,
      userId: member.userId,
      role: 'STAFF' as const,
      permissions: ['overview.read' as const],
    };
    await expect(
      startExport(
        { db: server.database.db, jobs: { send: vi.fn() } },
        caller as unknown as Parameters<typeof startExport>[1],
        { dataset: 'ruleLogs', format: 'csv', input: {} },
        'en',
      ),
    ).rejects.toMatchObject({ error: 'FORBIDDEN' });
  });

  it('gives nobody else an export: not a colleague, not another company', async () => {
    const job = await start({ dataset: 'ruleLogs', format: 'csv', input: {} });
    await finished(job.id);
    for (const session of [colleague, stranger]) {
      expect(errorOf(await gql(READ, { id: job.id }, session))).toMatchObject({
        error: 'NOT_FOUND',
      });
      expect((await fileOf(job.id, session)).status).toBe(404);
      const list = await gql<{ exportJobs: unknown[] }>(LIST, {}, session);
      expect(list.data!.exportJobs).toEqual([]);
    }
  });

  it('deletes exports after a day: the file then answers 404', async () => {
    const job = await start({ dataset: 'ruleLogs', format: 'csv', input: {} });
    await finished(job.id);
    expect((await fileOf(job.id, member)).status).toBe(200);
    const later = new Date(Date.now() + EXPORT_FILE_TTL_MS + 60_000).toISOString();
    await pruneExportFilesJob.handle({ now: later }, {
      db: server.database.db,
      logger: { info: vi.fn() },
    } as unknown as Parameters<typeof pruneExportFilesJob.handle>[1]);
    expect((await fileOf(job.id, member)).status).toBe(404);
    const read = await gql(READ, { id: job.id }, member);
    expect(read.errors?.[0]?.message).toBe(EXPORT_MESSAGES.notFound);
    expect((await gql<{ exportJobs: unknown[] }>(LIST, {}, member)).data!.exportJobs).toEqual([]);
  });
});
