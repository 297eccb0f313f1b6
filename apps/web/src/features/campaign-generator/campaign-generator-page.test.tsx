import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  dataRequestChannel,
  type GenerationProgressMessage,
  type GeneratorPlan,
} from '@tapwise/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import type { GraphqlCall } from '../../test/fake-graphql';
import { latestSocket } from '../../test/fake-socket';
import { renderInApp } from '../../test/render-app-page';
import { signIn } from '../../test/session-fixtures';
import { GraphqlFailure } from '../ads-manager/actions/actions-test-kit';
import { connectSessionToApi } from '../auth/session/session-api';
import CampaignGeneratorPage from './campaign-generator-page';
import { GeneratorForm } from './generator-form';
import {
  GENERATION_ID,
  PLAN,
  SETTINGS,
  TEMPLATE_ID,
  buildGeneration,
  buildProgress,
  buildTemplate,
  generatorServer,
} from './generator-factories';

beforeAll(async () => {
  await initI18n('en');
  connectSessionToApi();
});
let userId: string;
beforeEach(() => {
  window.localStorage.clear();
  userId = signIn().UserId;
});
afterEach(() => vi.unstubAllGlobals());

configure({ asyncUtilTimeout: 5_000 });

const variablesOf = (calls: GraphqlCall[], operation: string) =>
  calls.filter((call) => call.operation === operation).map((call) => call.variables);

const PAGE = '/campaign-generator-details';
const GENERATION_PAGE = `${PAGE}?generation=${GENERATION_ID}`;

const dialogOf = async (title: string) =>
  (await screen.findByText(title)).closest<HTMLElement>('[role="dialog"]')!;

async function chooseOption(
  user: ReturnType<typeof userEvent.setup>,
  label: string,
  option: string,
) {
  await user.click(screen.getByLabelText(label, { selector: 'input' }));
  // Mantine keeps the dropdown in a transition jsdom never finishes: its options count as hidden.
  await user.click(await screen.findByRole('option', { name: option, hidden: true }));
}

function push(
  status: GenerationProgressMessage['data']['status'],
  opId: GenerationProgressMessage['opId'],
  progress = buildProgress(),
) {
  const message: GenerationProgressMessage = {
    opId,
    context: GENERATION_ID,
    appId: String(SETTINGS.adamId),
    data: { status, progress, failure: null },
  };
  act(() => latestSocket().deliver(dataRequestChannel(userId), message));
}

describe('campaign generator page', { timeout: 30_000 }, () => {
  it('lists generations with the spec wording of their status and the actions it allows', async () => {
    const calls = generatorServer({
      getCampGenList: () => [
        buildGeneration({ id: 'g-1', status: 'WAITING_TO_SYNC' }),
        buildGeneration({ id: 'g-2', status: 'KEYWORDS_FAILED', plan: null }),
        buildGeneration({ id: 'g-3', status: 'INCOMPLETE' }),
      ],
    });
    renderInApp(<CampaignGeneratorPage />, PAGE);
    const rows = await screen.findAllByTestId('generation-row');
    expect(rows.map((row) => row.querySelectorAll('td')[4]!.textContent)).toEqual([
      'Waiting to Sync',
      'Keyword fetch failed',
      'Incomplete',
    ]);
    expect(within(rows[0]!).queryByRole('button', { name: /Delete/ })).toBeNull();
    const user = userEvent.setup();
    await user.click(within(rows[1]!).getByRole('button', { name: 'Retry keyword fetch' }));
    await waitFor(() => expect(variablesOf(calls, 'adKeyRetry')).toEqual([{ id: 'g-2' }]));

    await user.click(within(rows[2]!).getByRole('button', { name: 'Retry' }));
    const dialog = await dialogOf('Create these campaigns?');
    expect(
      within(dialog).getByText(
        'The campaigns not created yet will be created in Apple Ads. Nothing is created twice.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Create in Apple Ads' }));
    await waitFor(() =>
      expect(variablesOf(calls, 'launchCampaignGeneration')).toEqual([{ id: 'g-3' }]),
    );
  });

  it('deletes a generation once the deletion is confirmed', async () => {
    const calls = generatorServer();
    renderInApp(<CampaignGeneratorPage />, PAGE);
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Delete the generation of Puzzle Quest' }),
    );
    const dialog = await dialogOf('Delete this generation?');
    expect(variablesOf(calls, 'deleteCampaignGeneration')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Generation deleted')).toBeTruthy();
    expect(variablesOf(calls, 'deleteCampaignGeneration')).toEqual([{ id: GENERATION_ID }]);
  });

  it('shows an empty state when nothing was generated yet', async () => {
    generatorServer({ getCampGenList: () => [] });
    renderInApp(<CampaignGeneratorPage />, PAGE);
    const empty = await screen.findByTestId('empty-state');
    expect(
      within(empty).getByText(
        'The campaign structures you generate are listed here with their progress.',
      ),
    ).toBeTruthy();
  });

  it('shows the range gap and duplicate slug issues at their fields and asks nothing', async () => {
    const calls = generatorServer();
    renderInApp(<CampaignGeneratorPage />, `${PAGE}?tab=new`);
    const user = userEvent.setup();
    const category = (await screen.findAllByTestId('segment-card'))[1]!;
    await user.type(within(category).getByLabelText('Organic rank from'), '5');
    await user.type(within(category).getByLabelText('Organic rank to'), '12');
    await user.click(screen.getByRole('button', { name: 'Add a custom segment' }));
    await user.click(screen.getByRole('button', { name: 'Add a custom segment' }));
    const customs = screen.getAllByTestId('segment-card').slice(4);
    const secondSlug = within(customs[1]!).getByLabelText('Slug');
    await user.clear(secondSlug);
    await user.type(secondSlug, 'custom-1');
    await user.click(screen.getByRole('button', { name: 'Preview campaigns' }));

    expect(
      await within(category).findByText(
        'The end of the range must exceed the start by more than 10.',
      ),
    ).toBeTruthy();
    expect(within(customs[1]!).getByText('Custom slug must be unique')).toBeTruthy();
    expect(within(customs[0]!).queryByText('Custom slug must be unique')).toBeNull();
    expect(variablesOf(calls, 'previewCampaignGeneration')).toEqual([]);
  });

  it('loads a template, previews it, and opens the generation', async () => {
    const calls = generatorServer({
      campaignGeneration: () => buildGeneration({ status: 'FETCHING_KEYWORDS', plan: null }),
    });
    const router = renderInApp(<CampaignGeneratorPage />, `${PAGE}?tab=new`);
    const user = userEvent.setup();
    await chooseOption(user, 'Template or draft', 'Launch structure');
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>(/^Organisation name/).value).toBe('Acme'),
    );
    expect(variablesOf(calls, 'getDraftTemplate')).toEqual([{ id: TEMPLATE_ID }]);
    await user.click(screen.getByRole('button', { name: 'Preview campaigns' }));

    await waitFor(() => expect(router.state.location.search).toBe(`?generation=${GENERATION_ID}`));
    expect(variablesOf(calls, 'previewCampaignGeneration')).toEqual([{ settings: SETTINGS }]);
    expect(await screen.findByText('Fetching keywords')).toBeTruthy();
  });

  it('saves a template under a new name, shows a taken name, updates and deletes the loaded one', async () => {
    let taken = true;
    const calls = generatorServer({
      updateCampTemplate: (variables) => {
        if (variables.id === null && taken) {
          taken = false;
          throw new GraphqlFailure('CONFLICT', 'A template with the same name already exists');
        }
        return buildTemplate({
          ...variables,
          id: (variables.id as string | null) ?? 'new-id',
        } as never);
      },
    });
    renderInApp(<CampaignGeneratorPage />, `${PAGE}?tab=new`);
    const user = userEvent.setup();
    await chooseOption(user, 'Template or draft', 'Launch structure');
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>(/^App name/).value).toBe('Puzzle Quest'),
    );

    await user.click(screen.getByRole('button', { name: 'Save as template' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save as template' });
    await user.type(within(dialog).getByRole('textbox'), 'Launch structure');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('A template with the same name already exists'),
    ).toBeTruthy();
    await user.clear(within(dialog).getByRole('textbox'));
    await user.type(within(dialog).getByRole('textbox'), 'Second structure');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(variablesOf(calls, 'updateCampTemplate')).toHaveLength(2));
    expect(await screen.findByText('Template saved')).toBeTruthy();
    expect(variablesOf(calls, 'updateCampTemplate')).toEqual([
      { id: null, name: 'Launch structure', isDraft: false, settings: SETTINGS },
      { id: null, name: 'Second structure', isDraft: false, settings: SETTINGS },
    ]);

    await user.click(screen.getByRole('button', { name: 'Update Second structure' }));
    await waitFor(() =>
      expect(variablesOf(calls, 'updateCampTemplate')[2]).toEqual({
        id: 'new-id',
        name: 'Second structure',
        isDraft: false,
        settings: SETTINGS,
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirmation = await dialogOf('Delete this template?');
    await user.click(within(confirmation).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Template deleted')).toBeTruthy();
    expect(variablesOf(calls, 'deleteTemplate')).toEqual([{ id: 'new-id' }]);
  });

  it('shows the plan as a tree and sends an edit, with the server refusal at its field', async () => {
    let refuse = true;
    const calls = generatorServer({
      updateCampaignGenerationPlan: (variables) => {
        if (refuse) {
          refuse = false;
          throw new GraphqlFailure('BAD_REQUEST', 'Bad request', {
            'campaigns.0.name': 'validation.required',
          });
        }
        return buildGeneration({ plan: variables.plan as GeneratorPlan });
      },
    });
    renderInApp(<CampaignGeneratorPage />, GENERATION_PAGE);
    const user = userEvent.setup();
    const campaigns = await screen.findAllByTestId('plan-campaign');
    expect(campaigns).toHaveLength(2);
    expect(screen.getByText('2 campaigns · 3 ad groups · 3 keywords')).toBeTruthy();
    expect(
      within(campaigns[1]!).getByText(
        'Negative keywords: puzzle quest (Exact), puzzle quest game (Exact)',
      ),
    ).toBeTruthy();
    expect(within(campaigns[1]!).getByText('Search Match')).toBeTruthy();
    // Keywords render only once their ad group is opened.
    expect(screen.queryAllByTestId('plan-keyword')).toHaveLength(0);
    await user.click(
      within(campaigns[0]!).getByRole('button', {
        name: 'Show or hide the keywords of Acme - Puzzle Quest - Brand - US - Exact',
      }),
    );
    expect(within(campaigns[0]!).getAllByTestId('plan-keyword')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Remove puzzle quest game' }));
    expect(screen.getByText('2 campaigns · 3 ad groups · 2 keywords')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Launch' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Changes saved')).toBeTruthy();
    const sent = variablesOf(calls, 'updateCampaignGenerationPlan').at(-1)!;
    expect(sent.id).toBe(GENERATION_ID);
    expect(
      (sent.plan as GeneratorPlan).campaigns[0]!.adGroups[0]!.keywords.map(
        (keyword) => keyword.text,
      ),
    ).toEqual(['puzzle quest']);
  });

  it('launches after a confirmation naming what Apple Ads gets, then follows the progress to Sync Complete', async () => {
    let generation = buildGeneration();
    const calls = generatorServer({
      campaignGeneration: () => generation,
      launchCampaignGeneration: () => {
        generation = buildGeneration({ status: 'WAITING_TO_SYNC' });
        return generation;
      },
    });
    renderInApp(<CampaignGeneratorPage />, GENERATION_PAGE);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Launch' }));
    const dialog = await dialogOf('Create these campaigns?');
    expect(
      within(dialog).getByText(
        '2 campaigns, 3 ad groups and 3 keywords will be created in Apple Ads.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Create in Apple Ads' }));
    expect(await screen.findByText('Waiting to Sync')).toBeTruthy();
    expect(
      screen.getByText('The campaigns reach the search-ads platform within the hour.'),
    ).toBeTruthy();
    expect(variablesOf(calls, 'launchCampaignGeneration')).toEqual([{ id: GENERATION_ID }]);

    push('SYNCING', 21, buildProgress({ campaigns: { done: 1, total: 2 } }));
    expect(await screen.findByText('Creating campaigns (1/2)')).toBeTruthy();
    expect(screen.getByText('This takes a few minutes.')).toBeTruthy();
    push(
      'SYNCING',
      22,
      buildProgress({
        campaignsCreated: true,
        campaigns: { done: 2, total: 2 },
        adGroups: { done: 1, total: 3 },
      }),
    );
    expect(await screen.findByText('Creating ad groups (1/3)')).toBeTruthy();

    generation = buildGeneration({
      status: 'SYNC_COMPLETE',
      progress: buildProgress({
        campaignsCreated: true,
        adGroupsCreated: true,
        allDone: true,
        campaigns: { done: 2, total: 2 },
        adGroups: { done: 3, total: 3 },
        keywords: { done: 3, total: 3 },
      }),
    });
    push('SYNC_COMPLETE', 23, generation.progress);
    expect(await screen.findByText('Sync Complete')).toBeTruthy();
    expect(
      screen
        .getByRole('link', { name: 'Open the campaigns in the Ads Manager' })
        .getAttribute('href'),
    ).toBe('/ads-manager');
  });

  it('offers the keyword fetch again when it failed, with the reason', async () => {
    const calls = generatorServer({
      campaignGeneration: () =>
        buildGeneration({
          status: 'KEYWORDS_FAILED',
          plan: null,
          failure: 'Unable to fetch keywords. Retry to fetch them again.',
        }),
    });
    renderInApp(<CampaignGeneratorPage />, GENERATION_PAGE);
    expect(await screen.findByRole('alert', {})).toHaveProperty(
      'textContent',
      'Unable to fetch keywords. Retry to fetch them again.',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry keyword fetch' }));
    await waitFor(() => expect(variablesOf(calls, 'adKeyRetry')).toEqual([{ id: GENERATION_ID }]));
    expect(await screen.findByText('Fetching keywords')).toBeTruthy();
  });

  it('shows a read-only admin the generations and their plans without the actions', async () => {
    signIn({ Role: 'ADMIN', IsReadOnly: true });
    generatorServer({
      getCampGenList: () => [buildGeneration({ status: 'KEYWORDS_FAILED', plan: null })],
    });
    renderInApp(<CampaignGeneratorPage />, `${PAGE}?tab=new`);
    const row = await screen.findByTestId('generation-row');
    expect(screen.queryByRole('tab', { name: 'New generation' })).toBeNull();
    expect(
      within(row)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Open']);
  });

  it('shows a read-only admin a ready plan without editing or launching it', async () => {
    signIn({ Role: 'ADMIN', IsReadOnly: true });
    generatorServer();
    renderInApp(<CampaignGeneratorPage />, GENERATION_PAGE);
    expect(await screen.findAllByTestId('plan-campaign')).toHaveLength(2);
    expect(screen.getByText('Acme - Puzzle Quest - Brand - US')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Launch' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('takes keywords added from outside into a segment, once each', async () => {
    generatorServer();
    renderInApp(
      <GeneratorForm
        onPreviewed={() => undefined}
        keywordTool={({ segmentIndex, onAddKeywords }) => (
          <button
            type="button"
            onClick={() => onAddKeywords(segmentIndex, ['duel', 'Duel', 'arena'])}
          >
            Suggest for {segmentIndex}
          </button>
        )}
      />,
      `${PAGE}?tab=new`,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Suggest for 0' }));
    await user.click(screen.getByRole('button', { name: 'Suggest for 0' }));
    const brand = screen.getAllByTestId('segment-card')[0]!;
    const pills = within(brand).getAllByText(/^(duel|arena)$/i);
    expect(pills.map((pill) => pill.textContent)).toEqual(['duel', 'arena']);
  });

  it('takes typed keywords and offers AI suggestions on every segment', async () => {
    generatorServer();
    renderInApp(<CampaignGeneratorPage />, `${PAGE}?tab=new`);
    const cards = await screen.findAllByTestId('segment-card');
    expect(cards.length).toBeGreaterThanOrEqual(4);
    for (const card of cards) {
      expect(within(card).getByLabelText('Keywords')).toBeTruthy();
      expect(within(card).getByRole('button', { name: 'AI suggestions' })).toBeTruthy();
    }
  });

  it('renders a 20-campaign, 500-keyword plan as closed ad groups', async () => {
    const countries = ['US', 'GB', 'DE', 'FR', 'JP'];
    const segments = ['brand', 'category', 'competitor', 'discovery'] as const;
    const big = {
      campaigns: countries.flatMap((country) =>
        segments.map((name) => ({
          ...PLAN.campaigns[0]!,
          segment: name,
          country,
          name: `Acme - Puzzle Quest - ${name} - ${country}`,
          adGroups: [
            {
              ...PLAN.campaigns[0]!.adGroups[0]!,
              name: `Acme - Puzzle Quest - ${name} - ${country} - Exact`,
              keywords: Array.from({ length: 25 }, (_, index) => ({
                text: `${name} keyword ${index}`,
                matchType: 'EXACT' as const,
              })),
            },
          ],
        })),
      ),
    };
    generatorServer({ campaignGeneration: () => buildGeneration({ plan: big }) });
    renderInApp(<CampaignGeneratorPage />, GENERATION_PAGE);
    expect(await screen.findAllByTestId('plan-campaign')).toHaveLength(20);
    expect(screen.getByText('20 campaigns · 20 ad groups · 500 keywords')).toBeTruthy();
    expect(screen.queryAllByTestId('plan-keyword')).toHaveLength(0);
  });
});
