import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CAMPAIGN_CREATION_MESSAGES, type CampaignCreationInput } from '@tapwise/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import type { GraphqlCall } from '../../test/fake-graphql';
import { renderInApp } from '../../test/render-app-page';
import { signIn } from '../../test/session-fixtures';
import { GraphqlFailure } from '../ads-manager/actions/actions-test-kit';
import { APP } from '../ads-manager/ads-manager-factories';
import { connectSessionToApi } from '../auth/session/session-api';
import {
  COMPLETE_VALUES,
  DRAFT_ID,
  buildDraft,
  buildResult,
  creationServer,
} from './campaign-creation-factories';
import CampaignWizard from './campaign-wizard';

beforeAll(async () => {
  await initI18n('en');
  connectSessionToApi();
});
beforeEach(() => {
  window.localStorage.clear();
  signIn();
});
afterEach(() => vi.unstubAllGlobals());

configure({ asyncUtilTimeout: 5_000 });

const variablesOf = (calls: GraphqlCall[], operation: string) =>
  calls.filter((call) => call.operation === operation).map((call) => call.variables);

const openDraft = (path = `/create-campaign?draft=${DRAFT_ID}`) =>
  renderInApp(<CampaignWizard placement="SEARCH_RESULTS" />, path);

const button = (name: string) => screen.findByRole('button', { name });

/** What createCampaign is sent for COMPLETE_VALUES (the schema's parsed input). */
const SENT_INPUT: CampaignCreationInput = {
  placement: 'SEARCH_RESULTS',
  adAccountId: APP.adAccountId,
  adamId: APP.adamId,
  campaignName: 'Puzzle US search',
  countries: ['US'],
  adminAreas: [],
  localities: [],
  dailyBudget: '50',
  startTime: null,
  endTime: null,
  negativeKeywords: [{ text: 'free', matchType: 'EXACT' }],
  adGroups: [
    {
      name: 'Brand',
      defaultBid: '1.5',
      cpaGoal: '',
      bidMode: 'adGroupDefault',
      searchMatch: true,
      keywords: [{ text: 'puzzle quest', matchType: 'EXACT' }],
      negativeKeywords: [],
      audience: {
        customerType: 'all',
        gender: 'all',
        age: null,
        devices: ['IPHONE', 'IPAD'],
        daypart: null,
      },
      ads: [{ name: 'Main ad', productPage: { kind: 'default' } }],
    },
  ],
};

describe('campaign wizard', { timeout: 20_000 }, () => {
  const stepLabels = () =>
    [...document.querySelectorAll('.mantine-Stepper-stepLabel')].map((label) => label.textContent);

  it('shows the search results steps in order', async () => {
    creationServer();
    renderInApp(<CampaignWizard placement="SEARCH_RESULTS" />, '/create-campaign');
    await screen.findByLabelText(/Campaign name/);
    expect(stepLabels()).toEqual([
      'App and budget',
      'Countries and regions',
      'Ad groups',
      'Search Match',
      'Keywords',
      'Audience',
      'Ads',
      'Review',
    ]);
  });

  it('leaves out Search Match and keywords on the today tab', async () => {
    creationServer();
    renderInApp(<CampaignWizard placement="TODAY_TAB" />, '/todaystab-campaign');
    await screen.findByLabelText(/Campaign name/);
    expect(stepLabels()).toEqual([
      'App and budget',
      'Countries and regions',
      'Ad groups',
      'Audience',
      'Ads',
      'Review',
    ]);
  });

  it("checks the step on Next and shows the contract's messages at the fields", async () => {
    const calls = creationServer();
    renderInApp(<CampaignWizard placement="SEARCH_RESULTS" />, '/create-campaign');
    await userEvent.setup().click(await button('Next'));

    expect(await screen.findAllByText('This field is required.')).toHaveLength(3);
    expect(variablesOf(calls, 'saveCampaignDraft')).toEqual([]);
  });

  it('resumes a draft at its saved step and saves it again on Next', async () => {
    const calls = creationServer({
      getDraft: () => buildDraft({ step: 'keywords' }),
    });
    openDraft();
    const table = await screen.findByRole('table', { name: 'Keywords of Brand' });
    expect(within(table).getByDisplayValue('puzzle quest')).toBeTruthy();

    await userEvent.setup().click(await button('Next'));
    await waitFor(() =>
      expect(variablesOf(calls, 'saveCampaignDraft')).toEqual([
        {
          input: {
            id: DRAFT_ID,
            placement: 'SEARCH_RESULTS',
            step: 'audience',
            values: {
              ...COMPLETE_VALUES,
              adminAreas: [],
              localities: [],
              startTime: null,
              endTime: null,
            },
          },
        },
      ]),
    );
    expect(await screen.findByText('Customer type')).toBeTruthy();
  });

  it('adds keywords pasted one per line, leaving out blanks and repeats', async () => {
    creationServer({ getDraft: () => buildDraft({ step: 'keywords' }) });
    openDraft();
    const user = userEvent.setup();
    const box = await screen.findByLabelText('Paste keywords into Keywords of Brand');
    await user.click(box);
    await user.paste('puzzle games\n\n  brain   teaser \npuzzle games\npuzzle quest');
    await user.click(screen.getByRole('button', { name: 'Add to Keywords of Brand' }));

    const table = screen.getByRole('table', { name: 'Keywords of Brand' });
    expect(
      within(table)
        .getAllByLabelText('Keyword')
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(['puzzle quest', 'puzzle games', 'brain teaser']);
  });

  it('starts the first ad group with the keywords chosen in Keyword Analysis, once', async () => {
    window.localStorage.setItem('keysFromKai', JSON.stringify(['puzzle games', 'puzzle quest']));
    creationServer({ getDraft: () => buildDraft({ step: 'keywords' }) });
    openDraft();

    const table = await screen.findByRole('table', { name: 'Keywords of Brand' });
    // The draft's own keyword is kept and not repeated.
    expect(
      within(table)
        .getAllByLabelText('Keyword')
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(['puzzle quest', 'puzzle games']);
    expect(window.localStorage.getItem('keysFromKai')).toBeNull();
  });

  it('says "Unable to save campaign draft" when the draft cannot be saved', async () => {
    creationServer({
      saveCampaignDraft: () => {
        throw new GraphqlFailure('BAD_REQUEST', CAMPAIGN_CREATION_MESSAGES.draftSaveFailed);
      },
    });
    openDraft();
    await userEvent.setup().click(await button('Save as draft'));
    expect(await screen.findByText('Unable to save campaign draft')).toBeTruthy();
  });

  it('saves as draft on request and says so', async () => {
    const calls = creationServer();
    openDraft();
    await userEvent.setup().click(await button('Save as draft'));
    expect(await screen.findByText('Saved as draft')).toBeTruthy();
    expect(variablesOf(calls, 'saveCampaignDraft')).toHaveLength(1);
  });

  it('reviews everything, checks the name, creates the campaign and opens the ads manager', async () => {
    const calls = creationServer();
    const router = openDraft();
    const review = await screen.findByTestId('review');
    for (const text of ['Puzzle US search', 'Brand', 'Main ad (Default product page)'])
      expect(within(review).getByText(text)).toBeTruthy();

    await userEvent.setup().click(await button('Create campaign'));

    expect(await screen.findByText('Campaign created')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/ads-manager'));
    expect(variablesOf(calls, 'doesCampaignExist')).toEqual([
      { adAccountId: APP.adAccountId, name: 'Puzzle US search' },
    ]);
    const [sent] = variablesOf(calls, 'createCampaign');
    expect(sent).toEqual({
      input: SENT_INPUT,
      idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
      draftId: DRAFT_ID,
    });
  });

  it('reviews and sends the regions, cities and schedule of a draft, by id and as instants', async () => {
    const values = {
      ...COMPLETE_VALUES,
      adminAreas: [{ id: '20001', name: 'California, United States' }],
      // A draft saved before names were kept: shown by its id.
      localities: ['11390004'],
      startTime: '2027-01-04T08:30:00.000Z',
      endTime: '2027-02-01T00:00:00.000Z',
    };
    const calls = creationServer({ getDraft: () => buildDraft({ values }) });
    openDraft();
    const review = await screen.findByTestId('review');
    for (const text of ['California, United States', '11390004'])
      expect(within(review).getByText(text)).toBeTruthy();
    expect(within(review).getByText(/Jan 4, 2027.*8:30.*UTC/)).toBeTruthy();

    await userEvent.setup().click(await button('Create campaign'));
    await waitFor(() => expect(variablesOf(calls, 'createCampaign')).toHaveLength(1));
    expect(variablesOf(calls, 'createCampaign')[0]!.input).toEqual({
      ...SENT_INPUT,
      adminAreas: ['20001'],
      localities: ['11390004'],
      startTime: '2027-01-04T08:30:00.000Z',
      endTime: '2027-02-01T00:00:00.000Z',
    });
  });

  it('offers regions and cities for one country only', async () => {
    creationServer({ getDraft: () => buildDraft({ step: 'countries' }) });
    openDraft();
    expect(await screen.findByRole('combobox', { name: 'Regions' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Cities' })).toBeTruthy();
  });

  it('explains why regions and cities are not offered with several countries', async () => {
    creationServer({
      getDraft: () =>
        buildDraft({ step: 'countries', values: { ...COMPLETE_VALUES, countries: ['US', 'GB'] } }),
    });
    openDraft();
    expect(
      await screen.findByText(
        'Regions and cities can be chosen when exactly one country is selected.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Regions' })).toBeNull();
  });

  it('shows an end before the start at the end field', async () => {
    creationServer({
      getDraft: () =>
        buildDraft({
          step: 'app',
          values: {
            ...COMPLETE_VALUES,
            startTime: '2027-02-01T00:00:00.000Z',
            endTime: '2027-01-04T08:30:00.000Z',
          },
        }),
    });
    openDraft();
    await userEvent.setup().click(await button('Next'));
    expect(await screen.findByText('The end date must not be before the start date.')).toBeTruthy();
  });

  it('refuses a taken name at the name field before anything is sent', async () => {
    const calls = creationServer({ doesCampaignExist: () => true });
    openDraft();
    await userEvent.setup().click(await button('Create campaign'));

    const name = await screen.findByLabelText(/Campaign name/);
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('A campaign with the same name already exists')).toBeTruthy();
    expect(variablesOf(calls, 'createCampaign')).toEqual([]);
  });

  it('says which field the server refused when Apple changed since the wizard checked', async () => {
    creationServer({
      createCampaign: () => {
        throw new GraphqlFailure(
          'BAD_REQUEST',
          "This product page is not one of the app's pages in Apple Ads.",
          {
            'adGroups.0.ads.0.productPage': 'validation.productPageUnknown',
          },
        );
      },
    });
    openDraft();
    await userEvent.setup().click(await button('Create campaign'));
    expect(
      await screen.findByText("This product page is not one of the app's pages in Apple Ads."),
    ).toBeTruthy();
  });

  it('shows what exists in Apple after a stop part-way and finishes with the same key', async () => {
    let answer = buildResult({
      status: 'INCOMPLETE',
      adGroups: [{ name: 'Brand', id: null }],
      keywordsCreated: 0,
      negativeKeywordsCreated: 0,
      adsCreated: 0,
      failure: CAMPAIGN_CREATION_MESSAGES.creationFailed,
    });
    const calls = creationServer({ createCampaign: () => answer });
    const router = openDraft();
    const user = userEvent.setup();
    await user.click(await button('Create campaign'));

    const incomplete = await screen.findByTestId('creation-incomplete');
    expect(within(incomplete).getByText('Campaign 7001')).toBeTruthy();
    expect(within(incomplete).getByText('Ad group Brand: not created yet')).toBeTruthy();

    answer = buildResult();
    await user.click(within(incomplete).getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ads-manager'));
    const sent = variablesOf(calls, 'createCampaign');
    expect(sent).toHaveLength(2);
    expect(sent[1]!.idempotencyKey).toBe(sent[0]!.idempotencyKey);
    expect(variablesOf(calls, 'doesCampaignExist')).toHaveLength(1);
  });

  it('deletes what a stopped creation made after a confirmation, then creates afresh', async () => {
    window.localStorage.setItem(`campaignCreationKey:${DRAFT_ID}`, 'kept-key');
    const calls = creationServer({
      campaignCreation: () =>
        buildResult({ status: 'INCOMPLETE', idempotencyKey: 'kept-key', adsCreated: 0 }),
      changeEntityStatus: () => ({
        successMessage: 'Deleted',
        results: [{ id: '7001', ok: true, message: null }],
        bulkActionId: null,
      }),
    });
    openDraft();
    const user = userEvent.setup();
    const incomplete = await screen.findByTestId('creation-incomplete');
    await user.click(within(incomplete).getByRole('button', { name: 'Delete what was created' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete the part-made campaign?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete what was created' }));

    await screen.findByText('The part-made campaign was deleted');
    expect(variablesOf(calls, 'changeEntityStatus')).toEqual([
      {
        input: {
          adAccountId: APP.adAccountId,
          level: 'campaign',
          action: 'delete',
          entities: [{ id: 7001 }],
        },
      },
    ]);
    expect(screen.queryByTestId('creation-incomplete')).toBeNull();
    expect(window.localStorage.getItem(`campaignCreationKey:${DRAFT_ID}`)).toBeNull();

    await user.click(await button('Create campaign'));
    await waitFor(() => expect(variablesOf(calls, 'createCampaign')).toHaveLength(1));
    expect(variablesOf(calls, 'createCampaign')[0]!.idempotencyKey).not.toBe('kept-key');
  });

  it('shows a creation stopped before a reload and finishes it under its kept key', async () => {
    window.localStorage.setItem(`campaignCreationKey:${DRAFT_ID}`, 'kept-key');
    const calls = creationServer({
      campaignCreation: () =>
        buildResult({ status: 'INCOMPLETE', idempotencyKey: 'kept-key', adsCreated: 0 }),
    });
    const router = openDraft();
    const incomplete = await screen.findByTestId('creation-incomplete');
    expect(variablesOf(calls, 'campaignCreation')).toEqual([{ idempotencyKey: 'kept-key' }]);

    await userEvent.setup().click(within(incomplete).getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ads-manager'));
    expect(variablesOf(calls, 'createCampaign')).toEqual([
      { input: SENT_INPUT, idempotencyKey: 'kept-key', draftId: DRAFT_ID },
    ]);
    expect(window.localStorage.getItem(`campaignCreationKey:${DRAFT_ID}`)).toBeNull();
  });

  it('retries a creation whose answer was lost under the same key, without the name check', async () => {
    let fail = true;
    const calls = creationServer({
      createCampaign: () => {
        if (fail) throw new GraphqlFailure('INTERNAL', 'socket hang up');
        return buildResult();
      },
    });
    openDraft();
    const user = userEvent.setup();
    await user.click(await button('Create campaign'));
    expect(await screen.findByText(CAMPAIGN_CREATION_MESSAGES.creationFailed)).toBeTruthy();

    fail = false;
    await user.click(await button('Create campaign'));
    expect(await screen.findByText('Campaign created')).toBeTruthy();
    const sent = variablesOf(calls, 'createCampaign');
    expect(sent[1]!.idempotencyKey).toBe(sent[0]!.idempotencyKey);
    expect(variablesOf(calls, 'doesCampaignExist')).toHaveLength(1);
  });

  it('shows a read-only member the wizard disabled with the reason, its steps readable', async () => {
    signIn({ IsReadOnly: true });
    const calls = creationServer({ getDraft: () => buildDraft({ step: 'creativeSets' }) });
    openDraft();
    expect(await screen.findByText(CAMPAIGN_CREATION_MESSAGES.readOnly)).toBeTruthy();
    expect((await screen.findByDisplayValue('Main ad')).matches(':disabled')).toBe(true);
    expect((await button('Save as draft')).hasAttribute('disabled')).toBe(true);

    await userEvent.setup().click(await button('Next'));
    expect(await screen.findByTestId('review')).toBeTruthy();
    expect((await button('Create campaign')).hasAttribute('disabled')).toBe(true);
    expect(variablesOf(calls, 'saveCampaignDraft')).toEqual([]);
  });
});
