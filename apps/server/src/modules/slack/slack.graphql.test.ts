// The chat integration through GraphQL with a real database, a company connected to the in-process
// sandbox (so its Slack is the sandbox's simulated workspace): the OAuth install and forged states,
// channels, the notification channel, test messages (joining, rate limits, a revoked token),
// re-install, uninstall, the admins-only writes, and Slack's signed event callbacks.
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from '../../platform/testing/api-client';
import { createMember } from '../../platform/testing/factories';
import { startCreationWorld, type CreationWorld } from '../campaign-creation/creation-test-world';
import { signSlackRequest } from './slack-events';
import { oauthStates, slackIntegrations } from './slack.tables';

const SIGNING_SECRET = 'slack-signing-secret-for-tests';
let world: CreationWorld;
let secondAdmin: Session;

beforeAll(async () => {
  world = await startCreationWorld({ env: () => ({ SLACK_SIGNING_SECRET: SIGNING_SECRET }) });
  const other = await createMember(world.server.database.db, world.company.teamId, {
    role: 'ADMIN',
  });
  secondAdmin = await apiClient(world.server.url).signIn(other.email, other.password);
}, 300_000);
afterAll(() => world?.close());

type Answer<T> = {
  data?: T | null;
  errors?: { message: string; extensions?: { error?: string } }[];
};
/** What the operations of these tests answer, by root field. */
interface SlackData {
  getOAuthState: { state: string; authorizeUrl: string };
  getOAuthStateInfo: { provider: string; valid: boolean; expiresAt: string | null };
  completeSlackInstall: Record<string, unknown>;
  slackIntegration: { id: string; status: string; lastError: string | null };
  slackChannels: { name: string }[];
  setSlackNotifyChannel: { notifyChannel: { id: string; name: string } | null };
}
async function gql<T = SlackData>(
  query: string,
  variables: Record<string, unknown> = {},
  session: Session = world.company.session,
) {
  return (await apiClient(world.server.url).graphql<T>(query, variables, session)) as Answer<T>;
}
const errorOf = (answer: Answer<unknown>) => answer.errors?.[0]?.extensions?.error;
const INTEGRATION = `id slackTeamId slackTeamName status lastError notifyChannel { id name } installedAt`;

async function startInstall(session: Session = world.company.session) {
  const answer = await gql(
    `mutation { getOAuthState(provider: "SLACK") { state authorizeUrl } }`,
    {},
    session,
  );
  return answer.data!.getOAuthState;
}

/** Opens Slack's consent page as the member's browser would and follows "Allow". */
async function allow(authorizeUrl: string) {
  const page = await (await fetch(authorizeUrl)).text();
  const href = /id="allow" href="([^"]+)"/.exec(page)![1]!.replaceAll('&amp;', '&');
  const back = new URL(href);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')!, back };
}

async function install(session: Session = world.company.session) {
  const { authorizeUrl } = await startInstall(session);
  const { code, state } = await allow(authorizeUrl);
  return gql(
    `mutation($code: String!, $state: String!) { completeSlackInstall(code: $code, state: $state) { ${INTEGRATION} } }`,
    { code, state },
    session,
  );
}

const complete = (code: string, state: string, session: Session = world.company.session) =>
  gql(
    `mutation($code: String!, $state: String!) { completeSlackInstall(code: $code, state: $state) { id } }`,
    { code, state },
    session,
  );

const currentIntegrationId = async () =>
  (await gql(`{ slackIntegration { id } }`)).data!.slackIntegration.id;

const integrationRow = async () =>
  (await world.server.database.db
    .select()
    .from(slackIntegrations)
    .where(eq(slackIntegrations.teamId, world.company.teamId)))!;

describe('installing Slack', () => {
  it('offers Slack to a sandbox company and sends the member to the consent page with a state', async () => {
    expect((await gql(`{ slackAvailable slackIntegration { id } }`)).data).toEqual({
      slackAvailable: true,
      slackIntegration: null,
    });
    const { state, authorizeUrl } = await startInstall();
    const url = new URL(authorizeUrl);
    expect(url.origin).toBe(new URL(world.sandbox.url).origin);
    expect(url.searchParams.get('state')).toBe(state);
    expect(url.searchParams.get('scope')).toBe(
      'channels:read,groups:read,chat:write,channels:join',
    );
    expect(url.searchParams.get('redirect_uri')).toMatch(/\/slack-integration\/auth\/cb$/);
    const info = await gql(
      `query($state: String!) { getOAuthStateInfo(state: $state) { provider valid expiresAt } }`,
      { state },
    );
    expect(info.data!.getOAuthStateInfo).toMatchObject({ provider: 'SLACK', valid: true });
    // Only the hash is stored.
    const stored = await world.server.database.db.select().from(oauthStates);
    expect(stored.some((row) => row.stateHash === state)).toBe(false);
  });

  it('completes the install and keeps the bot token sealed', async () => {
    const answer = await install();
    expect(answer.data!.completeSlackInstall).toMatchObject({
      slackTeamId: 'T0TAPWISE1',
      slackTeamName: 'Tapwise Demo',
      status: 'ACTIVE',
      notifyChannel: null,
    });
    const [row] = await integrationRow().then((rows) => rows.filter((r) => r.status === 'ACTIVE'));
    expect(row!.botTokenSealed).not.toMatch(/xoxb-/);
    expect(row!.apiUrl).toBe(world.sandbox.slack.apiUrl);
  });

  it("refuses another member's state, a used one, an expired one and a made-up one", async () => {
    const { authorizeUrl } = await startInstall(secondAdmin);
    const theirs = await allow(authorizeUrl);
    expect(errorOf(await complete(theirs.code, theirs.state))).toBe('OAUTH_STATE_INVALID');
    const info = await gql(`query($s: String!) { getOAuthStateInfo(state: $s) { valid } }`, {
      s: theirs.state,
    });
    expect(info.data!.getOAuthStateInfo.valid).toBe(false);
    // The other company's admin cannot spend it either.
    expect(errorOf(await complete(theirs.code, theirs.state, world.otherCompany))).toBe(
      'OAUTH_STATE_INVALID',
    );

    const mine = await allow((await startInstall()).authorizeUrl);
    expect((await complete(mine.code, mine.state)).data?.completeSlackInstall).toBeTruthy();
    expect(errorOf(await complete(mine.code, mine.state))).toBe('OAUTH_STATE_INVALID');

    const late = await allow((await startInstall()).authorizeUrl);
    await world.server.database.db
      .update(oauthStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(isNull(oauthStates.usedAt));
    expect(errorOf(await complete(late.code, late.state))).toBe('OAUTH_STATE_INVALID');

    expect(errorOf(await complete(late.code, 'made-up-state'))).toBe('OAUTH_STATE_INVALID');
  });

  it('keeps one integration per company: a re-install replaces the previous one', async () => {
    await install();
    const rows = await integrationRow();
    expect(rows.filter((row) => row.status !== 'DELETED')).toHaveLength(1);
  });

  it('refuses the writes to a read-only member and lets them read', async () => {
    const viewer = world.readOnlyMember;
    expect(
      errorOf(await gql(`mutation { getOAuthState(provider: "SLACK") { state } }`, {}, viewer)),
    ).toBe('FORBIDDEN');
    expect(errorOf(await gql(`mutation { uninstallSlack }`, {}, viewer))).toBe('FORBIDDEN');
    expect(
      errorOf(
        await gql(
          `mutation { setSlackNotifyChannel(channelId: "C0GENERAL1", channelName: "general") { id } }`,
          {},
          viewer,
        ),
      ),
    ).toBe('FORBIDDEN');
    expect((await gql(`{ slackIntegration { status } }`, {}, viewer)).data).toEqual({
      slackIntegration: { status: 'ACTIVE' },
    });
  });
});

describe('channels and messages', () => {
  it('lists public channels and the private ones the bot is in', async () => {
    const answer = await gql(`{ slackChannels { id name isPrivate isMember } }`);
    const names = answer.data!.slackChannels.map((c) => c.name);
    expect(names).toEqual(['apple-ads-alerts', 'general', 'growth', 'random', 'ua-team']);
  });

  it('sets the notification channel', async () => {
    const answer = await gql(
      `mutation { setSlackNotifyChannel(channelId: "C0ADSALERT", channelName: "apple-ads-alerts") { notifyChannel { id name } } }`,
    );
    expect(answer.data!.setSlackNotifyChannel.notifyChannel).toEqual({
      id: 'C0ADSALERT',
      name: 'apple-ads-alerts',
    });
  });

  it('sends a test message, joining a public channel first', async () => {
    const id = await currentIntegrationId();
    const answer = await gql(
      `mutation($id: ID!) { sendSlackMsg(change: "Hello from Tapwise", intId: $id, channelId: "C0GROWTH01") }`,
      { id },
    );
    expect(answer.data).toEqual({ sendSlackMsg: true });
    expect(world.sandbox.slack.messages().at(-1)).toMatchObject({
      channelName: 'growth',
      text: 'Hello from Tapwise',
    });
  });

  it("answers SLACK_FAILED with Slack's code for a private channel the bot is not in", async () => {
    const id = await currentIntegrationId();
    const answer = await gql(
      `mutation($id: ID!) { sendSlackMsg(change: "x", intId: $id, channelId: "G0LEADERS1") }`,
      { id },
    );
    expect(errorOf(answer)).toBe('SLACK_FAILED');
  });

  it('waits out a rate limit and posts', async () => {
    const id = await currentIntegrationId();
    const before = world.sandbox.slack.messages().length;
    world.sandbox.setFaults({ slackRateLimitBurst: 1, slackServerErrors: 1, retryAfterSeconds: 1 });
    const answer = await gql(
      `mutation($id: ID!) { sendSlackMsg(change: "after the wait", intId: $id, channelId: "C0GENERAL1") }`,
      { id },
    );
    world.sandbox.resetFaults();
    expect(answer.data).toEqual({ sendSlackMsg: true });
    expect(world.sandbox.slack.messages()).toHaveLength(before + 1);
  });

  it('marks the integration INVALID when Slack says its token was revoked', async () => {
    const id = await currentIntegrationId();
    world.sandbox.slack.setTokenState('revoked');
    const answer = await gql(
      `mutation($id: ID!) { sendSlackMsg(change: "x", intId: $id, channelId: "C0GENERAL1") }`,
      { id },
    );
    expect(errorOf(answer)).toBe('SLACK_NOT_CONNECTED');
    expect((await gql(`{ slackIntegration { status lastError } }`)).data!.slackIntegration).toEqual(
      {
        status: 'INVALID',
        lastError: 'token_revoked',
      },
    );
    expect(errorOf(await gql(`{ slackChannels { id } }`))).toBe('SLACK_NOT_CONNECTED');
  });

  it('uninstalls: revokes the token at Slack and forgets the integration', async () => {
    await install();
    const [row] = (await integrationRow()).filter((r) => r.status === 'ACTIVE');
    const token = world.server.context.secrets.open(row!.botTokenSealed);
    expect((await gql(`mutation { uninstallSlack }`)).data).toEqual({ uninstallSlack: true });
    expect((await gql(`{ slackIntegration { id } }`)).data).toEqual({ slackIntegration: null });
    const check = await fetch(`${world.sandbox.slack.apiUrl}auth.test`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await check.json()).toEqual({ ok: false, error: 'token_revoked' });
  });
});

describe('Slack events', () => {
  async function sendEvent(body: string, headers: Record<string, string>) {
    const response = await fetch(`${world.server.url}/v1/api/slack/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
  const signed = (body: string, at = Math.floor(Date.now() / 1000)) => ({
    'x-slack-request-timestamp': String(at),
    'x-slack-signature': signSlackRequest(SIGNING_SECRET, String(at), body),
  });

  it('refuses an unsigned, badly signed or stale request', async () => {
    const body = JSON.stringify({ type: 'url_verification', challenge: 'c' });
    expect((await sendEvent(body, {})).status).toBe(401);
    const forged = { ...signed(body), 'x-slack-signature': `v0=${'0'.repeat(64)}` };
    expect((await sendEvent(body, forged)).status).toBe(401);
    const stale = signed(body, Math.floor(Date.now() / 1000) - 6 * 60);
    expect((await sendEvent(body, stale)).status).toBe(401);
    expect((await sendEvent(`${body} `, signed(body))).status).toBe(401);
  });

  it("answers Slack's url_verification challenge", async () => {
    const body = JSON.stringify({ type: 'url_verification', challenge: 'abc123' });
    expect(await sendEvent(body, signed(body))).toEqual({
      status: 200,
      body: { challenge: 'abc123' },
    });
  });

  it('marks the workspace integration INVALID on app_uninstalled', async () => {
    await install();
    const body = JSON.stringify({
      type: 'event_callback',
      team_id: 'T0TAPWISE1',
      event: { type: 'app_uninstalled' },
    });
    expect((await sendEvent(body, signed(body))).status).toBe(200);
    expect((await gql(`{ slackIntegration { status lastError } }`)).data!.slackIntegration).toEqual(
      {
        status: 'INVALID',
        lastError: 'app_uninstalled',
      },
    );
  });
});
