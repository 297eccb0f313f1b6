// The onboarding checklist through GraphQL with a real database and the in-process sandbox as
// Apple: each flag is ticked by its real action (connecting Apple Ads, the campaign wizard,
// keyword analysis, inviting a member), page-visit flags by updateCL, the other flags refused to
// the browser, and another member's checklist refused for reading and ticking alike.
import { CHECKLIST_FLAGS, type ChecklistFlag } from '@tapwise/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from '../../platform/testing/api-client';
import { createMember } from '../../platform/testing/factories';
import { creationInput } from '../campaign-creation/campaign-creation-factories';
import { startCreationWorld, type CreationWorld } from '../campaign-creation/creation-test-world';
import { tickChecklist } from './onboarding.service';

let world: CreationWorld;
let colleague: Session;

beforeAll(async () => {
  world = await startCreationWorld({ synced: true });
  const member = await createMember(world.server.database.db, world.company.teamId, {
    role: 'ADMIN',
  });
  colleague = await apiClient(world.server.url).signIn(member.email, member.password);
}, 300_000);
afterAll(() => world?.close());

interface Checklist {
  userId: string;
  items: { flag: ChecklistFlag; doneAt: string | null; byVisit: boolean }[];
  done: number;
  total: number;
  complete: boolean;
}
type Answer<T> = {
  data?: T | null;
  errors?: { message: string; extensions?: { error?: string } }[];
};

async function gql<T>(query: string, variables: Record<string, unknown>, session: Session) {
  return (await apiClient(world.server.url).graphql<T>(query, variables, session)) as Answer<T>;
}
const errorOf = (answer: Answer<unknown>) => answer.errors?.[0]?.extensions?.error;

const GET = `query($userId: ID!) { getUserCL(userId: $userId) {
  userId items { flag doneAt byVisit } done total complete } }`;
const UPDATE = `mutation($userId: ID!, $clfield: String!, $time: String) {
  updateCL(userId: $userId, clfield: $clfield, time: $time) { code successMessage } }`;

async function checklistOf(session: Session) {
  const answer = await gql<{ getUserCL: Checklist }>(GET, { userId: session.userId }, session);
  if (answer.errors?.length) throw new Error(JSON.stringify(answer.errors));
  return answer.data!.getUserCL;
}
async function ticked(session: Session) {
  return (await checklistOf(session)).items
    .filter((item) => item.doneAt !== null)
    .map((item) => item.flag)
    .sort();
}

describe('the checklist', () => {
  it('answers every flag, in order, with the connection already ticked for who connected', async () => {
    const list = await checklistOf(world.company.session);
    expect(list.items.map((item) => item.flag)).toEqual([...CHECKLIST_FLAGS]);
    expect(list.total).toBe(CHECKLIST_FLAGS.length);
    expect(list.complete).toBe(false);
    expect(await ticked(world.company.session)).toContain('saIntegration');
    // Only who did it: a colleague of the same company has nothing ticked.
    expect(await ticked(colleague)).toEqual([]);
    expect(list.items.filter((item) => item.byVisit).map((item) => item.flag)).toEqual([
      'overviewPage',
      'automationRules',
      'adsManager',
    ]);
  });

  it('ticks the campaign, its ad group and keywords when the wizard creates them', async () => {
    const session = colleague;
    const answer = await gql<{ createCampaign: { status: string } }>(
      `mutation($input: JSON!, $key: ID!) { createCampaign(input: $input, idempotencyKey: $key) { status } }`,
      {
        input: creationInput({
          adAccountId: world.adAccountId,
          adamId: world.adamId,
          campaignName: `Checklist ${randomUUID().slice(0, 6)}`,
        }),
        key: randomUUID(),
      },
      session,
    );
    expect(answer.data?.createCampaign.status).toBe('COMPLETE');
    expect(await ticked(session)).toEqual(['addKeys', 'createAdgroup', 'createCampaign']);
  });

  it('ticks a keyword analysis flag by the kind of request, and an invitation', async () => {
    const session = world.company.session;
    const search = await gql<{ searchByKeyword: { fromDB: boolean } }>(
      `mutation($keyword: String!) { searchByKeyword(keyword: $keyword) { fromDB } }`,
      { keyword: 'puzzle' },
      session,
    );
    expect(search.errors).toBeUndefined();
    const invited = await gql<{ inviteTeamMember: { userId: string } }>(
      `mutation($email: String!) { inviteTeamMember(email: $email, role: STAFF) { userId } }`,
      { email: `invited-${randomUUID().slice(0, 6)}@acme.test` },
      session,
    );
    expect(invited.errors).toBeUndefined();
    const flags = await ticked(session);
    expect(flags).toContain('kaiKeyword');
    expect(flags).toContain('addMember');
    expect(flags).not.toContain('kaiApp');
  });

  it('lets the browser tick a page-visit flag, once, and refuses the others', async () => {
    const session = colleague;
    const first = await gql<{ updateCL: { code: number } }>(
      UPDATE,
      { userId: session.userId, clfield: 'overviewPage', time: '2026-01-02T03:04:05.000Z' },
      session,
    );
    expect(first.data?.updateCL.code).toBe(1);
    const again = await gql<{ updateCL: { code: number } }>(
      UPDATE,
      { userId: session.userId, clfield: 'overviewPage' },
      session,
    );
    expect(again.data?.updateCL.code).toBe(1);
    const overview = (await checklistOf(session)).items.find((i) => i.flag === 'overviewPage');
    expect(overview?.doneAt).toBe('2026-01-02T03:04:05.000Z');
    for (const clfield of ['createCampaign', 'onboarding', 'nothing']) {
      const refused = await gql(UPDATE, { userId: session.userId, clfield }, session);
      expect(errorOf(refused), clfield).toBe('BAD_REQUEST');
    }
    expect(await ticked(session)).not.toContain('onboarding');
  });

  it("refuses another member's checklist, to read and to tick", async () => {
    const other = world.company.session.userId;
    const read = await gql(GET, { userId: other }, colleague);
    expect(errorOf(read)).toBe('NOT_FOUND');
    const tick = await gql(UPDATE, { userId: other, clfield: 'adsManager' }, colleague);
    expect(errorOf(tick)).toBe('NOT_FOUND');
    expect(await ticked(world.company.session)).not.toContain('adsManager');
    const outsider = await gql(GET, { userId: other }, world.otherCompany);
    expect(errorOf(outsider)).toBe('NOT_FOUND');
  });

  it('is complete once every flag is ticked', async () => {
    const db = world.server.database.db;
    const actor = { teamId: world.company.teamId, userId: world.company.session.userId };
    await tickChecklist(db, actor, CHECKLIST_FLAGS);
    const list = await checklistOf(world.company.session);
    expect(list).toMatchObject({ done: CHECKLIST_FLAGS.length, complete: true });
  });

  it('never fails the action: a tick without a member, or of a missing company, is nothing', async () => {
    const db = world.server.database.db;
    await expect(tickChecklist(db, { teamId: null, userId: null }, 'campGen')).resolves.toBe(
      undefined,
    );
    await expect(
      tickChecklist(db, { teamId: randomUUID(), userId: randomUUID() }, 'campGen'),
    ).resolves.toBe(undefined);
  });
});

describe('the onboard routes', () => {
  it("list the integration's apps, for its own company only", async () => {
    const api = apiClient(world.server.url);
    const path = `onboard/getAppsList/${world.company.integration.id}`;
    const apps = await api.rest<{ adamId: number }[]>(
      'GET',
      path,
      undefined,
      world.company.session,
    );
    expect(apps.status).toBe(200);
    expect(apps.body.data.map((app) => app.adamId)).toContain(world.adamId);
    const outsider = await api.rest('GET', path, undefined, world.otherCompany);
    expect(outsider.status).toBe(404);
  });

  it("answer where the caller stands in onboarding, and refuse another's", async () => {
    const api = apiClient(world.server.url);
    const own = await api.rest<{ onboarded: boolean; integration: { firstSyncDone: boolean } }>(
      'GET',
      `onboard/onboardFirst/${colleague.userId}`,
      undefined,
      colleague,
    );
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ onboarded: true, integration: { firstSyncDone: true } });
    const other = await api.rest(
      'GET',
      `onboard/onboardFirst/${world.company.session.userId}`,
      undefined,
      colleague,
    );
    expect(other.status).toBe(404);
  });
});
