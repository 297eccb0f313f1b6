// Account journeys of issue 3 in Chromium: sign up and verify, complete the profile, sign in;
// invite a member who accepts and is made read-only; staff impersonation; switching companies.
import { ERROR_CODES } from '@tapwise/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { startTapwise, type TapwiseProcess } from './support/tapwise-process';
import { skipOnboardingSetup } from './support/sign-up';
import {
  DEMO_ADMIN_EMAIL,
  SEED_PASSWORD,
  STAFF_EMAIL,
  graphqlAs,
  mailedLink,
  signInByApi,
} from './support/staff-api';

let server: TapwiseProcess;
let browser: Browser;
let baseUrl: string;

const run = Date.now().toString(36);
const owner = { email: `owner-${run}@acme-e2e.io`, password: 'Owner-password-1' };
const member = { email: `member-${run}@acme-e2e.io`, password: 'Member-password-1' };

beforeAll(async () => {
  [server, browser] = await Promise.all([startTapwise({ seed: true }), launchBrowser()]);
  baseUrl = server.baseUrl;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signInAs(page: Page, email: string, password: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

/**
 * These companies have no Apple Ads integration, so the overview greets them with the popup that
 * asks to integrate; like a person busy with their team, the journeys answer "Not now".
 */
async function newAccountsPage(): Promise<Page> {
  const page = await newPage(browser);
  await page.addLocatorHandler(page.getByTestId('integration-guard'), async () => {
    await page.getByRole('button', { name: 'Not now' }).click();
  });
  return page;
}

// The journeys build on each other: the owner signs up first, then invites the member.
describe.sequential('accounts', () => {
  it('signs up, verifies the address from the mailed link, completes the profile and signs in', async () => {
    const page = await newAccountsPage();
    await page.goto(`${baseUrl}/signup`);
    await page.getByRole('heading', { name: 'Create your Tapwise account' }).waitFor();
    expect(new URL(page.url()).search).toBe('?signup=true');

    await page.getByLabel('Email').fill('someone@gmail.com');
    await page.getByRole('textbox', { name: 'Password' }).fill(owner.password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('Please use your work email address.').waitFor();

    await page.getByLabel('Email').fill(owner.email);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();

    await page.goto(await mailedLink(baseUrl, owner.email, '/verify'));
    await page.getByRole('heading', { name: 'Complete your profile' }).waitFor();
    await page.getByLabel('First name').fill('Olivia');
    await page.getByLabel('Last name').fill('Owner');
    await page.getByLabel('Phone').fill('+1 415 555 0100');
    await page.getByLabel('Company name').fill(`Acme ${run}`);
    await page.getByLabel('Job title').fill('Growth lead');
    await page.getByRole('button', { name: 'Continue' }).click();
    await skipOnboardingSetup(page);
    expect(await page.getByRole('button', { name: 'Profile menu' }).textContent()).toBe('OO');

    await page.goto(`${baseUrl}/logout`);
    await page.getByRole('heading', { name: 'Sign in to Tapwise' }).waitFor();
    expect(await page.evaluate(() => Object.keys(localStorage))).not.toContain('token');

    await signInAs(page, owner.email, owner.password);
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
  });

  it('invites a member who accepts, is made read-only and then cannot change anything', async () => {
    const ownerPage = await newAccountsPage();
    await signInAs(ownerPage, owner.email, owner.password);
    await ownerPage.getByRole('heading', { name: 'Overview' }).waitFor();
    await ownerPage.getByRole('link', { name: 'Team Management' }).click();
    await ownerPage.getByRole('button', { name: 'Invite member' }).click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Invite a team member' });
    await dialog.getByLabel('Email').fill(member.email);
    await dialog.getByLabel('Role', { exact: true }).click();
    await ownerPage.getByRole('option', { name: 'Admin' }).click();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await ownerPage.getByText('Invitation sent').first().waitFor();
    const row = ownerPage.getByTestId(`member-${member.email}`);
    await row.getByText('Invited').waitFor();

    const memberPage = await newAccountsPage();
    await memberPage.goto(await mailedLink(baseUrl, member.email, '/signin?invite='));
    await memberPage.getByRole('heading', { name: 'Join your team on Tapwise' }).waitFor();
    await memberPage.getByRole('textbox', { name: 'Password' }).fill(member.password);
    await memberPage.getByLabel('First name').fill('Max');
    await memberPage.getByLabel('Phone').fill('+1 415 555 0101');
    await memberPage.getByLabel('Job title').fill('Analyst');
    await memberPage.getByRole('button', { name: 'Accept invitation' }).click();
    await memberPage.getByRole('heading', { name: 'Overview' }).waitFor();

    await ownerPage.reload();
    await row.getByText('Accepted').waitFor();
    const readOnly = row.getByRole('switch', { name: `Read-only access for ${member.email}` });
    await readOnly.click();
    await ownerPage.getByText('Member updated').first().waitFor();
    await expect.poll(() => readOnly.isChecked()).toBe(true);

    // Signed in again, the member carries the read-only permissions.
    await memberPage.goto(`${baseUrl}/logout`);
    await memberPage.getByRole('heading', { name: 'Sign in to Tapwise' }).waitFor();
    await signInAs(memberPage, member.email, member.password);
    await memberPage.getByRole('heading', { name: 'Overview' }).waitFor();
    await memberPage.goto(`${baseUrl}/team-management`);
    await memberPage.getByText('You have read-only access to this team.').waitFor();
    expect(await memberPage.getByRole('button', { name: 'Invite member' }).count()).toBe(0);

    const session = await signInByApi(baseUrl, member.email, member.password);
    const attempt = await graphqlAs(
      baseUrl,
      session,
      'mutation { inviteTeamMember(email: "x@acme-e2e.io", role: STAFF) { userId } }',
    );
    expect(attempt.errors?.[0]?.extensions?.code).toBe(ERROR_CODES.FORBIDDEN);
  });

  it('lets staff act as a user and return to their own account', async () => {
    const page = await newAccountsPage();
    await signInAs(page, STAFF_EMAIL, SEED_PASSWORD);
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await page.getByRole('link', { name: 'Companies' }).click();
    await page.getByRole('tab', { name: 'Users' }).click();
    const row = page.getByTestId(`staff-user-${owner.email}`);
    await row.getByRole('button', { name: 'Login as user' }).click();
    await page.getByText('Are you sure you want to login into this user account?').waitFor();
    await page.getByRole('button', { name: 'OK' }).click();

    const banner = page.getByTestId('impersonation-banner');
    await banner.getByText(/You are signed in as Olivia Owner/).waitFor();
    expect(pathOf(page)).toBe('/overview');

    await banner.getByRole('button', { name: 'Return to my account' }).click();
    await page.getByRole('heading', { name: 'Companies' }).waitFor();
    expect(pathOf(page)).toBe('/users');
    expect(await page.getByTestId('impersonation-banner').count()).toBe(0);
  });

  it('switches a user who belongs to two companies between them', async () => {
    const demoAdmin = await signInByApi(baseUrl, DEMO_ADMIN_EMAIL);
    const invited = await graphqlAs(
      baseUrl,
      demoAdmin,
      'mutation Invite($email: String!) { inviteTeamMember(email: $email, role: STAFF) { userId } }',
      { email: owner.email },
    );
    expect(invited.errors).toBeUndefined();

    const page = await newAccountsPage();
    await page.goto(await mailedLink(baseUrl, owner.email, '/signin?invite='));
    await page.getByLabel('I already have a Tapwise account').check();
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    const switcher = page.getByTestId('organisation-switcher');
    await switcher.getByText('Demo Company').waitFor();

    await switcher.click();
    await page.getByRole('menuitem', { name: `Acme ${run}` }).click();
    await switcher.getByText(`Acme ${run}`).waitFor();
    expect(pathOf(page)).toBe('/overview');
  });

  it('ends the session on the other device once the password changed, with one alert', async () => {
    const [here, there] = [await newAccountsPage(), await newAccountsPage()];
    for (const page of [here, there]) {
      await signInAs(page, member.email, member.password);
      await page.getByRole('heading', { name: 'Overview' }).waitFor();
    }
    const alerts: string[] = [];
    there.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });

    await here.goto(`${baseUrl}/signin/change-password`);
    await here.getByRole('textbox', { name: 'Current password' }).fill(member.password);
    await here
      .getByRole('textbox', { name: 'New password', exact: true })
      .fill('Member-password-2');
    await here.getByRole('textbox', { name: 'Confirm new password' }).fill('Member-password-2');
    await here.getByRole('button', { name: 'Save password' }).click();
    await here.getByRole('heading', { name: 'Overview' }).waitFor();

    // The other device's next request ends its session: this navigation's, or a background read
    // of the page (the onboarding checklist refreshes itself) that already started the sign-out.
    await there.goto(`${baseUrl}/team-management`).catch((error: Error) => {
      if (!/interrupted by another navigation to "[^"]*\/logout"/.test(error.message)) throw error;
    });
    await there.getByRole('heading', { name: 'Sign in to Tapwise' }).waitFor();
    expect(alerts).toEqual([
      'Your password has been changed in some other device, please login again.',
    ]);
    expect(await there.evaluate(() => Object.keys(localStorage))).toEqual([]);
  });
});
