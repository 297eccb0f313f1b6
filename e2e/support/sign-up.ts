// A new company through the screens: sign up, verify the mailed link, complete the profile.
import type { Page } from 'playwright-core';
import { mailedLink } from './staff-api';

export interface NewOwner {
  email: string;
  password: string;
  company: string;
}

/**
 * Signs up and completes the profile; then, at the onboarding fork, skips the setup to the
 * overview (or, with `stopAtFork`, stays there).
 */
export async function signUpCompany(
  page: Page,
  baseUrl: string,
  owner: NewOwner,
  options: { stopAtFork?: boolean } = {},
) {
  await page.goto(`${baseUrl}/signup`);
  await page.getByRole('heading', { name: 'Create your Tapwise account' }).waitFor();
  await page.getByLabel('Email').fill(owner.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(owner.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByRole('heading', { name: 'Check your email' }).waitFor();

  await page.goto(await mailedLink(baseUrl, owner.email, '/verify'));
  await page.getByRole('heading', { name: 'Complete your profile' }).waitFor();
  await page.getByLabel('First name').fill('Ivy');
  await page.getByLabel('Last name').fill('Integrator');
  await page.getByLabel('Phone').fill('+1 415 555 0101');
  await page.getByLabel('Company name').fill(owner.company);
  await page.getByLabel('Job title').fill('Growth lead');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'How would you like to start?' }).waitFor();
  if (options.stopAtFork) return;
  await skipOnboardingSetup(page);
}

/** At the onboarding fork: look around first, without connecting Apple Ads. */
export async function skipOnboardingSetup(page: Page) {
  await page.getByRole('link', { name: 'Skip for now' }).click();
  await page.getByRole('heading', { name: 'Overview' }).waitFor();
}
