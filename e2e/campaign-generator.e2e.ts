// Issue 22 in Chromium: the demo company's admin loads a generator template for a demo app,
// previews a Brand, Discovery and custom structure, launches it, watches the progress reach Sync
// Complete, and finds the campaigns in the ads manager. (Category and Competitor keywords come from
// the sandbox's keyword research, which answered no keyword suggestions when this was written.)
import { describe, expect, it } from 'vitest';
import { demoAdminJourney } from './support/demo';

interface App {
  adamId: number;
  name: string;
  adAccountId: number;
  adAccountName: string;
}

const journey = demoAdminJourney();
const { graphql } = journey;

const noRanges = { organicRank: null, popularity: null, totalApps: null };
const segment = (name: string, keywords: string[] = [], slug: string | null = null) => ({
  segment: name,
  enabled: true,
  slug,
  keywords,
  competitorAdamIds: [],
  ranges: noRanges,
});

describe('campaign generator', () => {
  it('generates a structure from a template and follows it to Sync Complete', async () => {
    const { page } = journey;
    const {
      getAppsWithOrg: [app],
    } = await graphql<{ getAppsWithOrg: App[] }>(
      'query { getAppsWithOrg { adamId name adAccountId adAccountName } }',
    );
    const settings = {
      adAccountId: app!.adAccountId,
      adamId: app!.adamId,
      organisationName: 'E2E Org',
      appName: 'Gen',
      countries: ['US'],
      audience: {
        customerType: 'all',
        gender: 'all',
        age: null,
        devices: ['IPHONE'],
        daypart: null,
      },
      cpt: '1.2',
      dailyCap: '40',
      countryBudgets: {},
      segments: [
        segment('brand', ['e2e gen brand']),
        segment('discovery'),
        segment('custom', ['e2e puzzle duel'], 'duels'),
      ],
    };
    await graphql(
      `
        mutation ($settings: JSON!) {
          updateCampTemplate(id: null, name: "E2E launch", isDraft: false, settings: $settings) {
            id
          }
        }
      `,
      { settings },
    );

    await page.goto(`${journey.server.baseUrl}/campaign-generator-details?tab=new`);
    const template = page.locator('input').and(page.getByLabel('Template or draft'));
    await template.waitFor({ timeout: 15_000 });
    await template.click();
    await page.getByRole('option', { name: 'E2E launch' }).click();
    await expect
      .poll(() => page.getByLabel(/^Organisation name/).inputValue(), { timeout: 10_000 })
      .toBe('E2E Org');
    await page.getByRole('button', { name: 'Preview campaigns' }).click();

    await page.getByText('Ready to review').first().waitFor({ timeout: 45_000 });
    const campaigns = page.getByTestId('plan-campaign');
    expect(await campaigns.count()).toBe(3);
    await page.getByRole('button', { name: 'Launch', exact: true }).click();
    await page.getByRole('button', { name: 'Create in Apple Ads' }).click();
    await page.getByText('Sync Complete').first().waitFor({ timeout: 60_000 });

    await page.getByRole('link', { name: 'Open the campaigns in the Ads Manager' }).click();
    await page.getByText('E2E Org - Gen - Brand - US').first().waitFor({ timeout: 30_000 });
  });
});
