// Custom functions, the company's switch for scripted rules and the scripts' gateway log through
// the real API: the file tree, who sees what, versions and pins, locks and authorship, delete
// refusals, and the members who may not.
import {
  ERROR_CODES,
  SCRIPTED_RULE_MESSAGES,
  type CustomFunctionTreeNode,
} from '@tapwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type GraphQLAnswer, type Session } from '../../platform/testing/api-client';
import { createCompany, createMember } from '../../platform/testing/factories';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';
import { listActivityLogs } from '../activity-log/activity-log.repository';
import { createRule, createRuleRun } from '../automation/automation-factories';
import { updateRule } from '../automation/rules.repository';
import { createCustomFunction, createScriptRow } from './custom-function-factories';
import { loadPinnedModules, pinImports } from './custom-function-imports';
import { findFunctionVersions } from './custom-functions.repository';

let server: TestServer;
let teamId: string;
let authorId: string;
let colleagueId: string;
let author: Session;
let colleague: Session;
let admin: Session;
let readOnly: Session;
let stranger: Session;

const FUNCTION_FIELDS = 'id name path description code isLocked isPublic version isOwn authorName';
const SAVE = `mutation ($id: ID, $input: JSON!) { saveCustomFunction(id: $id, input: $input) {
  successMessage customFunction { ${FUNCTION_FIELDS} } } }`;
const READ = `query ($id: ID!) { getSarCustomFunction(id: $id) { ${FUNCTION_FIELDS} } }`;
const TREE = '{ getCustomFnsFileTree }';
const DELETE = 'mutation ($id: ID!) { deleteCustomFn(id: $id) { successMessage } }';
const PUBLIC = `mutation ($id: ID!, $isPublic: Boolean!) { publicOrPvtCustomFn(id: $id, isPublic: $isPublic) {
  successMessage customFunction { isPublic } } }`;
const LOCK = `mutation ($id: ID!, $isLocked: Boolean!) { lockUnlockCustomFn(id: $id, isLocked: $isLocked) {
  successMessage customFunction { isLocked } } }`;

interface Saved {
  id: string;
  name: string;
  path: string;
  code: string;
  version: number;
  isLocked: boolean;
  isPublic: boolean;
  isOwn: boolean;
  authorName: string | null;
}

const errorOf = (answer: GraphQLAnswer) => answer.errors?.[0]?.extensions ?? {};
const messageOf = (answer: GraphQLAnswer) => answer.errors?.[0]?.message;
const gql = (query: string, variables: Record<string, unknown>, session: Session) =>
  apiClient(server.url).graphql<Record<string, unknown>>(query, variables, session);

async function save(
  input: { path: string; code?: string; description?: string },
  options: { id?: string; session?: Session } = {},
): Promise<Saved> {
  const answer = await gql(
    SAVE,
    {
      input: { code: 'export const one = 1;', ...input },
      ...(options.id ? { id: options.id } : {}),
    },
    options.session ?? author,
  );
  if (answer.errors?.length) throw new Error(JSON.stringify(answer.errors));
  return (answer.data as { saveCustomFunction: { customFunction: Saved } }).saveCustomFunction
    .customFunction;
}

const tree = async (session: Session) =>
  ((await gql(TREE, {}, session)).data as { getCustomFnsFileTree: CustomFunctionTreeNode[] })
    .getCustomFnsFileTree;

/** The tree as "path" lines, folders ending in "/". */
const outline = (nodes: CustomFunctionTreeNode[]): string[] =>
  nodes.flatMap((node) =>
    node.functionId === null ? [`${node.path}/`, ...outline(node.children)] : [node.path],
  );

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const api = apiClient(server.url);
  const company = await createCompany(db);
  teamId = company.id;
  const authorMember = await createMember(db, teamId, { firstName: 'Ada' });
  authorId = authorMember.user.id;
  author = await api.signIn(authorMember.email, authorMember.password);
  const colleagueMember = await createMember(db, teamId);
  colleagueId = colleagueMember.user.id;
  colleague = await api.signIn(colleagueMember.email, colleagueMember.password);
  const adminMember = await createMember(db, teamId, { role: 'ADMIN' });
  admin = await api.signIn(adminMember.email, adminMember.password);
  const readOnlyMember = await createMember(db, teamId, { isReadOnly: true });
  readOnly = await api.signIn(readOnlyMember.email, readOnlyMember.password);
  const other = await createCompany(db);
  const strangerMember = await createMember(db, other.id, { role: 'ADMIN' });
  stranger = await api.signIn(strangerMember.email, strangerMember.password);
});

afterAll(async () => {
  await server.close();
});

describe('saveCustomFunction and the file tree', () => {
  it('creates private, unlocked functions at version 1, shown in folders sorted by name', async () => {
    const created = await save({ path: 'tree/bids/cap', description: 'Caps a bid' });
    expect(created).toMatchObject({
      name: 'cap',
      path: 'tree/bids/cap',
      version: 1,
      isLocked: false,
      isPublic: false,
      isOwn: true,
      authorName: 'Ada Member',
    });
    await save({ path: 'tree/alpha' });
    await save({ path: 'tree/bids/Floor' });
    await save({ path: 'tree/bids' });
    const nodes = (await tree(author)).find((node) => node.name === 'tree')!;
    expect(outline([nodes])).toEqual([
      'tree/',
      'tree/alpha',
      'tree/bids/',
      'tree/bids/cap',
      'tree/bids/Floor',
      'tree/bids',
    ]);
    const cap = nodes.children[1]!.children[0]!;
    expect(cap).toEqual({
      name: 'cap',
      path: 'tree/bids/cap',
      functionId: created.id,
      isPublic: false,
      isLocked: false,
      children: [],
    });
    const logs = await listActivityLogs(server.database.db, teamId);
    expect(logs.some((log) => log.message === 'Created the custom function "tree/bids/cap"')).toBe(
      true,
    );
  });

  it('saves a new version under the same id, keeping every version and what scripts pinned', async () => {
    const db = server.database.db;
    const first = await save({ path: 'versions/cap', code: 'export const cap = 1;' });
    const pinned = await pinImports(db, teamId, authorId, ['functions/versions/cap']);
    expect(pinned.pins).toEqual([{ functionId: first.id, path: 'versions/cap', version: 1 }]);

    const second = await save(
      { path: 'versions/renamed', code: 'export const cap = 2;' },
      { id: first.id },
    );
    expect(second).toMatchObject({ id: first.id, version: 2, path: 'versions/renamed' });
    expect(second.code).toBe('export const cap = 2;');
    const versions = await findFunctionVersions(db, teamId, [
      { functionId: first.id, version: 1 },
      { functionId: first.id, version: 2 },
    ]);
    expect(versions.map((row) => row.code).sort()).toEqual([
      'export const cap = 1;',
      'export const cap = 2;',
    ]);
    // The script saved before the edit keeps its path and its version's code.
    expect(await loadPinnedModules(db, teamId, pinned.pins)).toEqual({
      'versions/cap': 'export const cap = 1;',
    });
    const repinned = await pinImports(db, teamId, authorId, ['functions/versions/renamed']);
    expect(repinned.pins).toEqual([{ functionId: first.id, path: 'versions/renamed', version: 2 }]);
    const logs = await listActivityLogs(db, teamId);
    expect(logs.some((log) => log.message.includes('Saved version 2 of the custom function'))).toBe(
      true,
    );
  });

  it('answers CUSTOM_FUNCTION_PATH_TAKEN for a path in any letter case, also for another member', async () => {
    await save({ path: 'taken/path' });
    for (const session of [author, colleague]) {
      const answer = await gql(
        SAVE,
        { input: { path: 'TAKEN/Path', code: 'export {};' } },
        session,
      );
      expect(errorOf(answer)).toMatchObject({ code: ERROR_CODES.CUSTOM_FUNCTION_PATH_TAKEN });
      expect(messageOf(answer)).toBe(SCRIPTED_RULE_MESSAGES.functionPathTaken);
    }
  });

  it("refuses code that does not compile as a module, with the compiler's words", async () => {
    const answer = await gql(
      SAVE,
      { input: { path: 'broken/one', code: 'export const = ;' } },
      author,
    );
    expect(errorOf(answer).code).toBe(ERROR_CODES.BAD_REQUEST);
    expect(errorOf(answer).details).toMatchObject({ code: expect.any(String) });
  });

  it('refuses a path the contracts refuse', async () => {
    const answer = await gql(SAVE, { input: { path: '../etc', code: 'export {};' } }, author);
    expect(errorOf(answer).code).toBe(ERROR_CODES.BAD_REQUEST);
    expect(errorOf(answer).details).toMatchObject({ path: 'validation.customFunctionPath' });
  });
});

describe('who sees a function', () => {
  it("hides a private function from another member and another company's from everyone", async () => {
    const db = server.database.db;
    const secret = await save({ path: 'seen/secret' });
    expect(outline(await tree(colleague))).not.toContain('seen/secret');
    const hidden = await gql(READ, { id: secret.id }, colleague);
    expect(errorOf(hidden).code).toBe(ERROR_CODES.NOT_FOUND);
    expect(
      await gql(SAVE, { id: secret.id, input: { path: 'seen/x', code: 'export {};' } }, colleague),
    ).toMatchObject({ errors: [{ extensions: { code: ERROR_CODES.NOT_FOUND } }] });

    await gql(PUBLIC, { id: secret.id, isPublic: true }, author);
    const shown = (await gql(READ, { id: secret.id }, colleague)).data as {
      getSarCustomFunction: Saved;
    };
    expect(shown.getSarCustomFunction).toMatchObject({ isPublic: true, isOwn: false });
    expect(outline(await tree(colleague))).toContain('seen/secret');

    for (const query of [READ, DELETE]) {
      const answer = await gql(query, { id: secret.id }, stranger);
      expect(errorOf(answer).code).toBe(ERROR_CODES.NOT_FOUND);
    }
    expect(await tree(stranger)).toEqual([]);
    // Another member's private function cannot be imported either.
    await createCustomFunction(db, teamId, authorId, { path: 'seen/private' });
    expect(await pinImports(db, teamId, colleagueId, ['functions/seen/private'])).toEqual({
      pins: [],
      missing: ['functions/seen/private'],
    });
  });
});

describe('publicOrPvtCustomFn and lockUnlockCustomFn', () => {
  it('lets the author alone make a function public or locked', async () => {
    const fn = await save({ path: 'flags/shared' });
    const made = await gql(PUBLIC, { id: fn.id, isPublic: true }, author);
    expect(made.data).toEqual({
      publicOrPvtCustomFn: {
        successMessage: SCRIPTED_RULE_MESSAGES.functionSaved,
        customFunction: { isPublic: true },
      },
    });
    for (const [query, variables] of [
      [PUBLIC, { id: fn.id, isPublic: false }],
      [LOCK, { id: fn.id, isLocked: true }],
    ] as const) {
      const answer = await gql(query, variables, colleague);
      expect(errorOf(answer).code).toBe(ERROR_CODES.FORBIDDEN);
      expect(messageOf(answer)).toBe(SCRIPTED_RULE_MESSAGES.functionNotOwn);
    }
    // A public function is the company's to edit; the author still owns its flags.
    const edited = await save(
      { path: 'flags/shared', code: 'export const two = 2;' },
      { id: fn.id, session: colleague },
    );
    expect(edited).toMatchObject({ version: 2, isOwn: false });

    const lock = await gql(LOCK, { id: fn.id, isLocked: true }, author);
    expect(lock.data).toMatchObject({ lockUnlockCustomFn: { customFunction: { isLocked: true } } });
  });

  it('refuses edits and deletion of a locked function until it is unlocked', async () => {
    const fn = await save({ path: 'flags/locked' });
    await gql(LOCK, { id: fn.id, isLocked: true }, author);
    const edit = await gql(
      SAVE,
      { id: fn.id, input: { path: 'flags/locked', code: 'export {};' } },
      author,
    );
    expect(errorOf(edit).code).toBe(ERROR_CODES.CUSTOM_FUNCTION_LOCKED);
    expect(messageOf(edit)).toBe(SCRIPTED_RULE_MESSAGES.functionLocked);
    expect(errorOf(await gql(DELETE, { id: fn.id }, author)).code).toBe(
      ERROR_CODES.CUSTOM_FUNCTION_LOCKED,
    );
    await gql(LOCK, { id: fn.id, isLocked: false }, author);
    expect((await save({ path: 'flags/locked', code: 'export {};' }, { id: fn.id })).version).toBe(
      2,
    );
  });
});

describe('deleteCustomFn', () => {
  it('refuses while a live scripted rule imports the function, then deletes it with its versions', async () => {
    const db = server.database.db;
    const fn = await save({ path: 'gone/soon' });
    const pin = { functionId: fn.id, path: fn.path, version: 1 };
    await createScriptRow(db, teamId, { name: 'Deleted importer', imports: [pin], deleted: true });
    const importer = await createScriptRow(db, teamId, { name: 'Live importer', imports: [pin] });
    const refused = await gql(DELETE, { id: fn.id }, author);
    expect(errorOf(refused).code).toBe(ERROR_CODES.CUSTOM_FUNCTION_IN_USE);
    expect(messageOf(refused)).toBe(SCRIPTED_RULE_MESSAGES.functionInUse);

    // Another member does not see the private function at all.
    expect(errorOf(await gql(DELETE, { id: fn.id }, colleague)).code).toBe(ERROR_CODES.NOT_FOUND);

    await updateRule(db, teamId, importer.id, { status: 'DELETED', deletedAt: new Date() });
    expect((await gql(DELETE, { id: fn.id }, author)).data).toEqual({
      deleteCustomFn: { successMessage: SCRIPTED_RULE_MESSAGES.functionDeleted },
    });
    expect(await findFunctionVersions(db, teamId, [{ functionId: fn.id, version: 1 }])).toEqual([]);
    expect(errorOf(await gql(READ, { id: fn.id }, author)).code).toBe(ERROR_CODES.NOT_FOUND);
    const logs = await listActivityLogs(db, teamId);
    expect(logs.some((log) => log.message === 'Deleted the custom function "gone/soon"')).toBe(
      true,
    );
  });
});

describe('read-only members', () => {
  it('may read functions but not write them', async () => {
    const fn = await save({ path: 'readonly/seen' });
    await gql(PUBLIC, { id: fn.id, isPublic: true }, author);
    expect(outline(await tree(readOnly))).toContain('readonly/seen');
    for (const [query, variables] of [
      [SAVE, { input: { path: 'readonly/new', code: 'export {};' } }],
      [DELETE, { id: fn.id }],
      [PUBLIC, { id: fn.id, isPublic: false }],
      [LOCK, { id: fn.id, isLocked: true }],
      ['mutation { toggleAutomationV2(on: true) { successMessage } }', {}],
    ] as const) {
      expect(errorOf(await gql(query, variables, readOnly)).code).toBe(ERROR_CODES.FORBIDDEN);
    }
  });
});

describe('toggleAutomationV2 and me.onAutomationV2', () => {
  const ME = '{ me { onAutomationV2 } }';
  const TOGGLE = 'mutation ($on: Boolean!) { toggleAutomationV2(on: $on) { successMessage } }';

  it('turns scripted rules on and off for an admin, and is refused to a member', async () => {
    expect((await gql(ME, {}, author)).data).toEqual({ me: { onAutomationV2: false } });
    const refused = await gql(TOGGLE, { on: true }, author);
    expect(errorOf(refused).code).toBe(ERROR_CODES.FORBIDDEN);

    expect((await gql(TOGGLE, { on: true }, admin)).data).toEqual({
      toggleAutomationV2: { successMessage: SCRIPTED_RULE_MESSAGES.scriptsTurnedOn },
    });
    expect((await gql(ME, {}, author)).data).toEqual({ me: { onAutomationV2: true } });
    expect((await gql(ME, {}, stranger)).data).toEqual({ me: { onAutomationV2: false } });
    await gql(TOGGLE, { on: false }, admin);
    expect((await gql(ME, {}, admin)).data).toEqual({ me: { onAutomationV2: false } });
    const logs = await listActivityLogs(server.database.db, teamId);
    expect(logs.filter((log) => log.message.startsWith('Turned scripted rules')).length).toBe(2);
  });
});

describe('scriptGatewayLog', () => {
  const LOG = `query ($offset: Int!, $limit: Int!) { scriptGatewayLog(offset: $offset, limit: $limit) {
    total entries { ruleId ruleName entityName action status message } } }`;

  it("lists the changes scripts proposed, newest first, and not builder rules' or another company's", async () => {
    const db = server.database.db;
    const script = await createScriptRow(db, teamId, { name: 'Gateway script' });
    await createRuleRun(db, script, {
      status: 'SUCCESS',
      startedAt: new Date('2026-03-01T10:00:00Z'),
      changes: [{ status: 'APPLIED', entityName: 'older' }],
    });
    await createRuleRun(db, script, {
      status: 'SUCCESS',
      startedAt: new Date('2026-03-02T10:00:00Z'),
      changes: [
        { status: 'SKIPPED', entityName: 'capped', message: 'Over the cap' },
        { status: 'APPLIED', entityName: 'newest' },
      ],
    });
    const builderRule = await createRule(db, teamId);
    await createRuleRun(db, builderRule, {
      status: 'SUCCESS',
      changes: [{ status: 'APPLIED', entityName: 'from a builder rule' }],
    });
    const answer = await gql(LOG, { offset: 0, limit: 2 }, colleague);
    expect(answer.data).toEqual({
      scriptGatewayLog: {
        total: 3,
        entries: [
          {
            ruleId: script.id,
            ruleName: 'Gateway script',
            entityName: 'newest',
            action: 'CHANGE_BID',
            status: 'APPLIED',
            message: null,
          },
          {
            ruleId: script.id,
            ruleName: 'Gateway script',
            entityName: 'capped',
            action: 'CHANGE_BID',
            status: 'SKIPPED',
            message: 'Over the cap',
          },
        ],
      },
    });
    const next = (await gql(LOG, { offset: 2, limit: 2 }, colleague)).data as {
      scriptGatewayLog: { entries: { entityName: string }[] };
    };
    expect(next.scriptGatewayLog.entries.map((entry) => entry.entityName)).toEqual(['older']);
    expect((await gql(LOG, { offset: 0, limit: 50 }, stranger)).data).toEqual({
      scriptGatewayLog: { total: 0, entries: [] },
    });
    expect(errorOf(await gql(LOG, { offset: 0, limit: 201 }, colleague)).code).toBe(
      ERROR_CODES.BAD_REQUEST,
    );
  });

  it("names each change's rule in a run's changes too", async () => {
    const db = server.database.db;
    const rule = await createRule(db, teamId, { input: { name: 'Named rule' } });
    const run = await createRuleRun(db, rule, {
      status: 'SUCCESS',
      changes: [{ status: 'APPLIED' }],
    });
    const answer = await gql(
      'query ($runId: ID!) { automationRuleChanges(runId: $runId) { ruleId ruleName } }',
      { runId: run.id },
      colleague,
    );
    expect(answer.data).toEqual({
      automationRuleChanges: [{ ruleId: rule.id, ruleName: 'Named rule' }],
    });
  });
});
