import http from 'node:http';
import { ERROR_CODES, type SessionResponse } from '@tapwise/contracts';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiClient,
  sessionOf,
  type ApiClient,
  type Session,
} from '../../platform/testing/api-client';
import { addMembership, createCompany, createMember } from '../../platform/testing/factories';
import { openSocket } from '../../platform/testing/socket-client';
import { startSmtpCatcher, type SmtpCatcher } from '../../platform/testing/smtp-catcher';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';
import { findUserByEmail } from './accounts.repository';

let server: TestServer;
let smtp: SmtpCatcher;
let api: ApiClient;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  server = await startTestServer({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://tapwise.test' });
  api = apiClient(server.url);
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

/** A sign-in sent from another loopback address, as from another computer; its HTTP status. */
function signInFrom(localAddress: string, email: string, password: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${server.url}/v1/api/auth/signin`,
      { method: 'POST', localAddress, headers: { 'content-type': 'application/json' } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode!));
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify({ email, password }));
  });
}

const me = (session: Session) => api.graphql('{ companyDetails { id name } }', {}, session);

describe('sign-up, verification and profile completion', () => {
  it('signs up, verifies from the mailed link, completes the profile and owns a new company', async () => {
    const signUp = await api.rest('POST', 'auth/signup', {
      email: 'Jo.New@Acme.io',
      password: 'first-pass-1',
    });
    expect(signUp.status).toBe(200);
    expect(signUp.body.data).toEqual({ email: 'jo.new@acme.io' });

    const link = smtp.linkFor('jo.new@acme.io', '/verify');
    expect(link.startsWith('http://tapwise.test/verify?token=')).toBe(true);
    const verified = await api.rest<SessionResponse>('POST', 'auth/vupdate', {
      token: new URL(link).searchParams.get('token'),
    });
    expect(verified.status).toBe(200);
    expect(verified.body.data.onboarded).toBe(false);

    const onboard = await api.rest<SessionResponse>(
      'POST',
      'auth/onboard',
      {
        firstName: 'Jo',
        lastName: 'New',
        phone: '+44 20 7946 0000',
        companyName: 'Acme Apps',
        jobTitle: 'Growth Lead',
      },
      sessionOf(verified.body.data),
    );
    expect(onboard.status).toBe(200);
    const claims = onboard.body.data.user;
    expect(claims).toMatchObject({
      Role: 'ADMIN',
      CompanyName: 'Acme Apps',
      FirstName: 'Jo',
      // Billing is off by default: no trial, no subscription status (docs/billing.md).
      subscriptionStatus: null,
    });
    expect(claims.permissions).toContain('teamManagement.write');
    expect(claims.teams).toHaveLength(1);

    const again = await api.rest('POST', 'auth/vupdate', {
      token: new URL(link).searchParams.get('token'),
    });
    expect(again.status).toBe(400);
  });

  it('answers a sign-up for a taken address like a new one, changes nothing and tells the owner', async () => {
    const company = await createCompany(server.database.db);
    const owner = await createMember(server.database.db, company.id);
    const fresh = await api.rest('POST', 'auth/signup', {
      email: 'someone.new@acme.io',
      password: 'first-pass-1',
    });
    const taken = await api.rest('POST', 'auth/signup', {
      email: owner.email.toUpperCase(),
      password: 'other-pass-2',
    });
    expect(taken.status).toBe(fresh.status);
    expect(taken.body).toEqual({ ...fresh.body, data: { email: owner.email } });
    expect(smtp.mailsTo(owner.email).at(-1)?.raw).toMatch(
      /Subject: You already have a Tapwise account/,
    );
    await api.signIn(owner.email, owner.password);
    expect(
      (await api.rest('POST', 'auth/signin', { email: owner.email, password: 'other-pass-2' }))
        .status,
    ).toBe(400);
  });

  it('refuses free and disposable mail domains', async () => {
    const answer = await api.rest('POST', 'auth/signup', {
      email: 'someone@gmail.com',
      password: 'first-pass-1',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual({ email: 'validation.emailDomainBlocked' });
    expect(
      (await api.rest<{ domains: string[] }>('GET', 'auth/bl-domains')).body.data.domains,
    ).toContain('gmail.com');
  });

  it('refuses a weak password with the rule that failed', async () => {
    const answer = await api.rest('POST', 'auth/signup', {
      email: 'weak@acme.io',
      password: 'short',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual({ password: 'validation.passwordTooShort' });
    expect(await findUserByEmail(server.database.db, 'weak@acme.io')).toBeUndefined();
  });

  it('validates the profile with the spec rules', async () => {
    const company = await createCompany(server.database.db);
    const member = await createMember(server.database.db, company.id);
    const session = await api.signIn(member.email, member.password);
    const answer = await api.rest(
      'POST',
      'auth/onboard',
      { firstName: 'Bartholomew-James', phone: 'call me', companyName: 'A', jobTitle: 'CEO' },
      session,
    );
    expect(answer.status).toBe(400);
    expect(answer.body.details).toMatchObject({
      firstName: 'validation.personNameTooLong',
      phone: 'validation.phoneInvalid',
      companyName: 'validation.textLength',
    });
  });
});

describe('signing in', () => {
  it('signs in with the right password and refuses the wrong one with the spec message', async () => {
    const company = await createCompany(server.database.db);
    const member = await createMember(server.database.db, company.id);
    const session = await api.signIn(member.email.toUpperCase(), member.password);
    expect((await me(session)).data).toEqual({
      companyDetails: { id: company.id, name: company.name },
    });

    const wrong = await api.rest('POST', 'auth/signin', {
      email: member.email,
      password: 'nope-nope-1',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Unable to sign in. Please try again!');
  });

  it('locks an account only for the address that failed, and a reset link lifts the lock', async () => {
    const company = await createCompany(server.database.db);
    const member = await createMember(server.database.db, company.id);
    const attacker = '127.0.0.2';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(await signInFrom(attacker, member.email, 'wrong-pass-1')).toBe(400);
    }
    expect(await signInFrom(attacker, member.email, member.password)).toBe(429);
    // The owner, elsewhere, is not locked out.
    await api.signIn(member.email, member.password);

    await api.rest('POST', 'auth/recovery', { email: member.email });
    const token = smtp.tokenFor(member.email, '/change-password');
    await api.rest('POST', 'auth/pwdver', { token, password: 'unlocked-pass-2' });
    expect(await signInFrom(attacker, member.email, 'unlocked-pass-2')).toBe(200);
  });

  it('limits failed attempts per address across accounts', async () => {
    const company = await createCompany(server.database.db);
    const member = await createMember(server.database.db, company.id);
    const address = '127.0.0.3';
    for (let attempt = 0; attempt < 20; attempt += 1) {
      await signInFrom(address, `guess-${attempt}@acme.io`, 'wrong-pass-1');
    }
    expect(await signInFrom(address, member.email, member.password)).toBe(429);
  });

  it('signs out: the session no longer works', async () => {
    const company = await createCompany(server.database.db);
    const member = await createMember(server.database.db, company.id);
    const session = await api.signIn(member.email, member.password);
    expect((await api.rest('POST', 'auth/signout', undefined, session)).status).toBe(200);
    const after = await me(session);
    expect(after.status).toBe(401);
    expect(after.errors?.[0]?.extensions?.code).toBe(ERROR_CODES.INVALID_SESSION);
  });
});

describe('sessions that must end', () => {
  it('answers 401 code 22 on REST and GraphQL once the account is disabled', async () => {
    const company = await createCompany(server.database.db);
    const admin = await createMember(server.database.db, company.id, { role: 'ADMIN' });
    const member = await createMember(server.database.db, company.id);
    const adminSession = await api.signIn(admin.email, admin.password);
    const session = await api.signIn(member.email, member.password);

    const disable = await api.graphql(
      'mutation($id: ID!) { updateTeamMember(userId: $id, isDisabled: true) { isDisabled } }',
      { id: member.user.id },
      adminSession,
    );
    expect(disable.data).toEqual({ updateTeamMember: { isDisabled: true } });

    const rest = await api.rest('POST', 'auth/is-onboarded', undefined, session);
    expect(rest.status).toBe(401);
    expect(rest.body.code).toBe(22);
    const graphql = await me(session);
    expect(graphql.status).toBe(401);
    expect(graphql.errors?.[0]?.extensions?.code).toBe(22);
  });

  it('answers 401 code 23 on other devices after a password change, and keeps this one', async () => {
    const company = await createCompany(server.database.db);
    const member = await createMember(server.database.db, company.id);
    const laptop = await api.signIn(member.email, member.password);
    const phone = await api.signIn(member.email, member.password);
    const [laptopSocket, phoneSocket] = [
      await openSocket(server, laptop),
      await openSocket(server, phone),
    ];

    const changed = await api.rest<SessionResponse>(
      'POST',
      'auth/change-password',
      { currentPassword: member.password, newPassword: 'brand-new-pass-2' },
      laptop,
    );
    expect(changed.status).toBe(200);
    // The phone is cut off at once; the laptop's socket waits for the new session's, so that
    // its end does not race the answer and read as the session ended elsewhere.
    expect(await phoneSocket.ended()).toBe('io server disconnect');
    expect(await laptopSocket.ended(300)).toBe('still connected');
    laptopSocket.close();
    const fresh = sessionOf(changed.body.data);
    expect((await me(fresh)).status).toBe(200);

    for (const old of [phone, laptop]) {
      const answer = await api.rest('POST', 'auth/is-onboarded', undefined, old);
      expect(answer.status).toBe(401);
      expect(answer.body.code).toBe(23);
    }
    await api.signIn(member.email, 'brand-new-pass-2');
  });

  it('resets a forgotten password from the mailed link, ending old sessions', async () => {
    const company = await createCompany(server.database.db);
    const member = await createMember(server.database.db, company.id);
    const old = await api.signIn(member.email, member.password);
    expect((await api.rest('POST', 'auth/recovery', { email: member.email })).status).toBe(200);
    const token = smtp.tokenFor(member.email, '/change-password');
    expect(
      (await api.rest('POST', 'auth/pwdver', { token, password: 'recovered-pass-3' })).status,
    ).toBe(200);
    expect((await api.rest('POST', 'auth/is-onboarded', undefined, old)).body.code).toBe(23);
    await api.signIn(member.email, 'recovered-pass-3');
    expect(
      (await api.rest('POST', 'auth/pwdver', { token, password: 'again-pass-4' })).status,
    ).toBe(400);
  });

  it('makes every older reset link useless once one is used', async () => {
    const company = await createCompany(server.database.db);
    const member = await createMember(server.database.db, company.id);
    await api.rest('POST', 'auth/recovery', { email: member.email });
    const older = smtp.tokenFor(member.email, '/change-password');
    await api.rest('POST', 'auth/recovery', { email: member.email });
    const newer = smtp.tokenFor(member.email, '/change-password');
    expect(newer).not.toBe(older);
    expect(
      (await api.rest('POST', 'auth/pwdver', { token: newer, password: 'newer-pass-1' })).status,
    ).toBe(200);
    const stale = await api.rest('POST', 'auth/pwdver', { token: older, password: 'older-pass-2' });
    expect(stale.status).toBe(400);
    await api.signIn(member.email, 'newer-pass-1');
  });

  it('makes outstanding reset links useless when the password is changed in the app', async () => {
    const company = await createCompany(server.database.db);
    const member = await createMember(server.database.db, company.id);
    await api.rest('POST', 'auth/recovery', { email: member.email });
    const token = smtp.tokenFor(member.email, '/change-password');
    await api.rest(
      'POST',
      'auth/change-password',
      { currentPassword: member.password, newPassword: 'changed-pass-1' },
      await api.signIn(member.email, member.password),
    );
    expect(
      (await api.rest('POST', 'auth/pwdver', { token, password: 'stolen-pass-2' })).status,
    ).toBe(400);
  });

  it('mails an address at most three recovery links an hour, answering every request alike', async () => {
    const company = await createCompany(server.database.db);
    const member = await createMember(server.database.db, company.id);
    const before = smtp.mailsTo(member.email).length;
    for (let request = 0; request < 5; request += 1) {
      const answer = await api.rest('POST', 'auth/recovery', { email: member.email });
      expect(answer.status).toBe(200);
    }
    expect(smtp.mailsTo(member.email).length - before).toBe(3);
  });

  it('answers recovery the same for unknown addresses', async () => {
    const before = smtp.received.length;
    const answer = await api.rest('POST', 'auth/recovery', { email: 'nobody@acme.io' });
    expect(answer.status).toBe(200);
    expect(smtp.received.length).toBe(before);
  });
});

describe('tampered tokens', () => {
  let session: Session;
  let teamB: string;
  beforeAll(async () => {
    const company = await createCompany(server.database.db);
    const member = await createMember(server.database.db, company.id);
    teamB = (await createCompany(server.database.db)).id;
    session = await api.signIn(member.email, member.password);
  });

  const refusedWith401 = async (token: string) => {
    const answer = await api.rest('POST', 'auth/is-onboarded', undefined, { ...session, token });
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe(ERROR_CODES.INVALID_SESSION);
  };

  it('refuses alg none', async () => {
    const claims = decodeJwt(session.token);
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    await refusedWith401(`${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`);
  });

  it('refuses a token signed with another key', async () => {
    const forged = await new SignJWT(decodeJwt(session.token))
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('not-the-server-secret-not-the-server-secret'));
    await refusedWith401(forged);
  });

  it('refuses an expired token', async () => {
    const expired = await new SignJWT({
      ...decodeJwt(session.token),
      exp: Math.floor(Date.now() / 1000) - 60,
    })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(server.context.authSecret);
    await refusedWith401(expired);
  });

  it("refuses a token claiming another company's TeamID", async () => {
    const claims = decodeJwt(session.token);
    const other = await new SignJWT({ ...claims, TeamID: teamB })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(server.context.authSecret);
    await refusedWith401(other);
  });
  it('renews an expired token while its session lives, and only on the renewal route', async () => {
    const expired = await new SignJWT({
      ...decodeJwt(session.token),
      exp: Math.floor(Date.now() / 1000) - 3600,
    })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(server.context.authSecret);
    const stale = { ...session, token: expired };
    expect((await api.rest('POST', 'auth/is-onboarded', undefined, stale)).status).toBe(401);
    const renewed = await api.rest<SessionResponse>(
      'POST',
      'auth/user-details',
      { UserID: session.userId, SessId: session.sessId },
      stale,
    );
    expect(renewed.status).toBe(200);
    expect(
      (await api.rest('POST', 'auth/is-onboarded', undefined, sessionOf(renewed.body.data))).status,
    ).toBe(200);

    await api.rest('POST', 'auth/signout', undefined, stale);
    const afterSignOut = await api.rest(
      'POST',
      'auth/user-details',
      { UserID: session.userId, SessId: session.sessId },
      stale,
    );
    expect(afterSignOut.status).toBe(401);
  });
});

describe('companies and invitations', () => {
  it('switches between the companies a user belongs to, and only those', async () => {
    const first = await createCompany(server.database.db, 'First Co');
    const second = await createCompany(server.database.db, 'Second Co');
    const stranger = await createCompany(server.database.db, 'Stranger Co');
    const member = await createMember(server.database.db, first.id);
    await addMembership(server.database.db, second.id, member.user.id, 'ADMIN');
    const session = await api.signIn(member.email, member.password);

    const switched = await api.rest<SessionResponse>(
      'POST',
      'auth/user-details',
      { UserID: session.userId, SessId: session.sessId, switchTo: { TeamId: second.id } },
      session,
    );
    expect(switched.status).toBe(200);
    expect(switched.body.data.user).toMatchObject({
      TeamID: second.id,
      Role: 'ADMIN',
      CompanyName: 'Second Co',
    });
    expect(switched.body.data.user.teams.map((team) => team.Company).sort()).toEqual([
      'First Co',
      'Second Co',
    ]);
    expect((await me(sessionOf(switched.body.data))).data).toEqual({
      companyDetails: { id: second.id, name: 'Second Co' },
    });

    const refused = await api.rest(
      'POST',
      'auth/user-details',
      { UserID: session.userId, SessId: session.sessId, switchTo: { TeamId: stranger.id } },
      sessionOf(switched.body.data),
    );
    expect(refused.status).toBe(404);
  });

  it('invites by mail; the invitee accepts and joins read-only, and cannot change anything', async () => {
    const company = await createCompany(server.database.db, 'Inviting Co');
    const admin = await createMember(server.database.db, company.id, { role: 'ADMIN' });
    const adminSession = await api.signIn(admin.email, admin.password);

    const invited = await api.graphql(
      'mutation { inviteTeamMember(email: "newbie@acme.io", role: STAFF, isReadOnly: true) { email inviteStatus isReadOnly } }',
      {},
      adminSession,
    );
    expect(invited.data).toEqual({
      inviteTeamMember: { email: 'newbie@acme.io', inviteStatus: 'INVITED', isReadOnly: true },
    });
    const token = smtp.tokenFor('newbie@acme.io', '/signin', 'invite');
    const isInvited = async (email: string, query: string) =>
      api.rest<{ invited: boolean }>('GET', `auth/is-invited/${email}${query}`);
    expect((await isInvited('newbie@acme.io', `?invite=${token}`)).body.data.invited).toBe(true);
    expect((await isInvited('other@acme.io', `?invite=${token}`)).body.data.invited).toBe(false);
    // Without the link it answers nothing about the address.
    expect((await isInvited('newbie@acme.io', '')).status).toBe(400);

    const accepted = await api.rest<SessionResponse>('POST', 'auth/accept', {
      token,
      password: 'newbie-pass-1',
      firstName: 'Nia',
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.user).toMatchObject({
      TeamID: company.id,
      Role: 'STAFF',
      IsReadOnly: true,
    });
    expect(accepted.body.data.user.permissions.every((name) => name.endsWith('.read'))).toBe(true);

    const member = sessionOf(accepted.body.data);
    const attempt = await api.graphql(
      'mutation { inviteTeamMember(email: "other@acme.io", role: STAFF) { email } }',
      {},
      member,
    );
    expect(attempt.errors?.[0]?.extensions?.code).toBe(ERROR_CODES.FORBIDDEN);

    const members = await api.graphql<{ findByTeamId: { email: string; inviteStatus: string }[] }>(
      '{ findByTeamId { email inviteStatus } }',
      {},
      adminSession,
    );
    expect(members.data?.findByTeamId).toContainEqual({
      email: 'newbie@acme.io',
      inviteStatus: 'ACCEPTED',
    });
  });

  it('refuses to invite someone who is already a member', async () => {
    const company = await createCompany(server.database.db);
    const admin = await createMember(server.database.db, company.id, { role: 'ADMIN' });
    const member = await createMember(server.database.db, company.id);
    const answer = await api.graphql(
      'mutation($email: String!) { inviteTeamMember(email: $email, role: STAFF) { email } }',
      { email: member.email },
      await api.signIn(admin.email, admin.password),
    );
    expect(answer.errors?.[0]?.message).toBe('Email already exists');
  });
});

describe('user profiles', () => {
  it('lets members read and edit themselves, admins read their members, and no one else', async () => {
    const company = await createCompany(server.database.db);
    const admin = await createMember(server.database.db, company.id, { role: 'ADMIN' });
    const member = await createMember(server.database.db, company.id);
    const outsider = await createMember(
      server.database.db,
      (await createCompany(server.database.db)).id,
      {
        role: 'ADMIN',
      },
    );
    const memberSession = await api.signIn(member.email, member.password);

    const edited = await api.rest<{ FirstName: string; locale: string }>(
      'PUT',
      `auth/update-user/${member.user.id}`,
      { firstName: 'Kim', locale: 'de' },
      memberSession,
    );
    expect(edited.body.data).toMatchObject({ FirstName: 'Kim', locale: 'de' });

    const byAdmin = await api.rest(
      'GET',
      `auth/get-user/${member.user.id}`,
      undefined,
      await api.signIn(admin.email, admin.password),
    );
    expect(byAdmin.body.data).toMatchObject({ Email: member.email, FirstName: 'Kim' });
    expect(JSON.stringify(byAdmin.body)).not.toMatch(/password/i);

    const outsiderSession = await api.signIn(outsider.email, outsider.password);
    expect(
      (await api.rest('GET', `auth/get-user/${member.user.id}`, undefined, outsiderSession)).status,
    ).toBe(404);
    expect(
      (
        await api.rest(
          'PUT',
          `auth/update-user/${member.user.id}`,
          { firstName: 'Evil' },
          outsiderSession,
        )
      ).status,
    ).toBe(404);
  });

  it('keeps read-only members from editing even their own profile', async () => {
    const company = await createCompany(server.database.db);
    const reader = await createMember(server.database.db, company.id, { isReadOnly: true });
    const session = await api.signIn(reader.email, reader.password);
    const answer = await api.rest(
      'PUT',
      `auth/update-user/${reader.user.id}`,
      { firstName: 'Rea' },
      session,
    );
    expect(answer.status).toBe(403);
  });

  it('lets staff page through users and delete one', async () => {
    const staffCompany = await createCompany(server.database.db);
    const staffMember = await createMember(server.database.db, staffCompany.id, {
      role: 'SUPERADMIN',
    });
    const staff = await api.signIn(staffMember.email, staffMember.password);
    const doomed = await createMember(
      server.database.db,
      (await createCompany(server.database.db)).id,
    );

    const page = await api.rest<{ users: { Email: string }[]; pageSize: number }>(
      'GET',
      'auth/get-users/1',
      undefined,
      staff,
    );
    expect(page.body.data.pageSize).toBe(50);
    expect(page.body.data.users.map((user) => user.Email)).toContain(doomed.email);

    expect(
      (await api.rest('DELETE', `auth/del-user/${doomed.user.id}`, undefined, staff)).status,
    ).toBe(200);
    expect(await findUserByEmail(server.database.db, doomed.email)).toBeUndefined();
  });
});
