import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ADS_MANAGER_MESSAGES,
  KEYWORD_AI_MESSAGES,
  dataRequestChannel,
  type AiCredits,
  type KeywordAiMessage,
  type SuggestedKeyword,
} from '@tapwise/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import { latestSocket } from '../../test/fake-socket';
import { renderInApp } from '../../test/render-app-page';
import { signIn } from '../../test/session-fixtures';
import { ACCOUNT_ID, APP } from '../ads-manager/ads-manager-factories';
import { GraphqlFailure, fakeWrites, renderWithApp } from '../ads-manager/actions/actions-test-kit';
import { ActionToolbar } from '../ads-manager/actions/action-toolbar';
import { connectSessionToApi } from '../auth/session/session-api';
import { buildAppForKeyword } from '../keyword-research/analysis/analysis-factories';
import KeywordAnalysisPage from '../keyword-research/analysis/keyword-analysis-page';
import { newWizardValues } from '../campaign-creation/wizard-values';
import { KeywordsStep } from '../campaign-creation/steps/keywords-step';
import { StaffUsersTable } from '../staff/staff-users-table';
import type { KeywordSuggestionList } from './keyword-ai-api';
import { KeywordAiPanel } from './keyword-ai-panel';

configure({ asyncUtilTimeout: 5_000 });
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

const KEYWORDS: SuggestedKeyword[] = [
  { text: 'word puzzle', popularity: 4, organicRank: 12, totalApps: 230, alreadyBid: false },
  { text: 'brain games', popularity: 5, organicRank: null, totalApps: 1450, alreadyBid: true },
  { text: 'crossword', popularity: null, organicRank: 3, totalApps: 88, alreadyBid: false },
];

const credits = (remainingUsage = 3): AiCredits => ({
  remainingUsage,
  usageLimit: 20,
  refillsOn: '2026-12-01',
  isFilledManually: false,
});

function list(keywords = KEYWORDS): KeywordSuggestionList {
  return {
    id: '00000000-0000-4000-8000-0000000000c1',
    adamId: APP.adamId,
    storefront: 'US',
    model: 'sandbox-small',
    seed: null,
    competitorAdamId: null,
    keywords,
    createdAt: '2026-11-27T04:00:00.000Z',
  };
}

type Answers = Record<string, (variables: Record<string, unknown>) => unknown>;

/** The endpoint of the panel: the company's app with one ad group, two models, some credits. */
function aiServer(answers: Answers) {
  return fakeWrites({
    getOwnAppsFromDB: () => [APP],
    getCampaignsByApp: () => [{ id: 77, name: 'Brand campaign', deleted: false }],
    getAdGroupsByCampaigns: () => [
      { id: 88, name: 'Exact brand', campaignId: 77, deleted: false, adAccountId: ACCOUNT_ID },
    ],
    listSuggestiveModels: () => ['sandbox-small', 'sandbox-large'],
    suggestedKeywordListKAI: () => [],
    getCredits: () => credits(),
    ...answers,
  });
}

async function suggest() {
  const user = userEvent.setup();
  const model = screen.getByLabelText('Model', { selector: 'input' }) as HTMLInputElement;
  await waitFor(() => expect(model.value).toBe('sandbox-small'));
  await user.click(screen.getByRole('button', { name: 'Suggest' }));
  return user;
}

const openPanel = () =>
  renderWithApp(<KeywordAiPanel adamId={APP.adamId} storefront="US" />, { mantineEnv: 'test' });

describe('keyword AI panel', { timeout: 30_000 }, () => {
  it('asks the default model and shows the grounded keywords with their figures', async () => {
    const calls = aiServer({ generateKeywords: () => list() });
    openPanel();
    expect(await screen.findByText('3 of 20 credits left, refills on Dec 1, 2026')).toBeTruthy();
    await suggest();

    const row = await screen.findByTestId('suggestion-brain games');
    expect([...row.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      '',
      'brain games',
      '5',
      '—',
      '1,450',
      'Already bid',
    ]);
    const first = screen.getByTestId('suggestion-word puzzle');
    expect(within(first).queryByText('Already bid')).toBeNull();
    expect(calls.find((call) => call.operation === 'generateKeywords')?.variables).toEqual({
      adamId: APP.adamId,
      storefront: 'US',
      model: 'sandbox-small',
      seed: null,
      competitorAdamId: null,
    });
  });

  it('steers the suggestions with a seed phrase and a competitor found in the storefront', async () => {
    const calls = aiServer({
      searchForApps: () => [buildAppForKeyword(3)],
      generateKeywords: () => list(),
    });
    renderWithApp(<KeywordAiPanel adamId={APP.adamId} storefront="GB" />, { mantineEnv: 'test' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Seed phrase'), 'word games');
    await user.type(
      screen.getByLabelText('Competitor app (optional)', { selector: 'input' }),
      'App 3',
    );
    await user.click(await screen.findByRole('option', { name: 'App 3', hidden: true }));
    await suggest();
    await screen.findByRole('table');
    expect(calls.find((call) => call.operation === 'searchForApps')?.variables).toMatchObject({
      term: 'App 3',
      location: 'gb',
    });
    expect(calls.find((call) => call.operation === 'generateKeywords')?.variables).toEqual({
      adamId: APP.adamId,
      storefront: 'GB',
      model: 'sandbox-small',
      seed: 'word games',
      competitorAdamId: 1_000_003,
    });
  });

  it('says the credits are spent when generation meets an empty balance', async () => {
    let balance = credits(1);
    aiServer({
      getCredits: () => balance,
      generateKeywords: () => {
        balance = credits(0);
        throw new GraphqlFailure(
          'AI_CREDITS_EXHAUSTED',
          'You have used all your AI credits. They refill on 2026-12-01.',
        );
      },
    });
    openPanel();
    await screen.findByText('1 of 20 credits left, refills on Dec 1, 2026');
    await suggest();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You have used all your AI credits. They refill on Dec 1, 2026.',
    );
  });

  it('says the credits are spent when the channel says so (opId 71, context 25)', async () => {
    aiServer({ getCredits: () => credits(4) });
    openPanel();
    await screen.findByText('4 of 20 credits left, refills on Dec 1, 2026');
    const message: KeywordAiMessage = {
      opId: 71,
      context: 25,
      appId: String(APP.adamId),
      data: { listId: null, credits: { ...credits(0), refillsOn: '2026-12-02' } },
    };
    act(() => latestSocket().deliver(dataRequestChannel(userId), message));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You have used all your AI credits. They refill on Dec 2, 2026.',
    );
  });

  it('shows the global limit with its refill date', async () => {
    aiServer({
      getGlobalCredits: () => ({ globalLimit: 1000, used: 1000, refillsOn: '2026-12-01' }),
      generateKeywords: () => {
        throw new GraphqlFailure('AI_CREDITS_EXHAUSTED', KEYWORD_AI_MESSAGES.globalLimitReached);
      },
    });
    openPanel();
    await suggest();
    expect(
      await screen.findByText(
        'AI suggestions are paused for everyone until the monthly limit refills on Dec 1, 2026.',
      ),
    ).toBeTruthy();
  });

  it('says a failed model spent no credit', async () => {
    aiServer({
      generateKeywords: () => {
        throw new GraphqlFailure('AI_MODEL_FAILED', KEYWORD_AI_MESSAGES.modelFailed);
      },
    });
    openPanel();
    await suggest();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The language model did not answer usefully. Try again; no credit was spent.',
    );
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the progress while the model works, and cancelling leaves nothing behind', async () => {
    aiServer({ generateKeywords: () => new Promise(() => undefined) });
    openPanel();
    const user = await suggest();
    const progress = await screen.findByRole('status');
    expect(progress.textContent).toContain('this can take up to 60 seconds');
    await user.click(within(progress).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText(/this can take up to/)).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says Apple has no suggestions for an empty list', async () => {
    aiServer({ generateKeywords: () => list([]) });
    openPanel();
    await suggest();
    expect(await screen.findByText('Apple has no suggestions at present')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('reopens an earlier list', async () => {
    aiServer({ suggestedKeywordListKAI: () => [list()] });
    openPanel();
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Earlier lists', { selector: 'input' }));
    await user.click(
      await screen.findByRole('option', { name: /sandbox-small · 3 keywords/, hidden: true }),
    );
    expect(await screen.findByTestId('suggestion-crossword')).toBeTruthy();
  });

  it('adds two chosen keywords to an ad group with the ads manager mutation', async () => {
    const calls = aiServer({
      generateKeywords: () => list(),
      addTargetingKeywords: () => ({
        successMessage: ADS_MANAGER_MESSAGES.keywordsAdded,
        added: 2,
        refused: [],
      }),
    });
    openPanel();
    const user = await suggest();
    await user.click(await screen.findByRole('checkbox', { name: 'Select word puzzle' }));
    // The keyboard chooses the second row.
    screen.getByRole('checkbox', { name: 'Select crossword' }).focus();
    await user.keyboard(' ');
    expect(screen.getByText('2 selected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add to ad group' }));

    const picker = await screen.findByRole('dialog', { name: 'Add to ad group' });
    await user.click(within(picker).getByLabelText('Your app', { selector: 'input' }));
    await user.click(
      await screen.findByRole('option', { name: 'Puzzle Quest (Acme Games)', hidden: true }),
    );
    await user.click(within(picker).getByLabelText('Ad group', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Exact brand', hidden: true }));
    await user.click(within(picker).getByRole('button', { name: 'Next' }));

    expect((await screen.findByLabelText('Keywords')).textContent).toBe('word puzzle\ncrossword');
    await user.type(screen.getByLabelText('Max CPT bid'), '0.80');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Keywords added')).toBeTruthy();
    expect(calls.find((call) => call.operation === 'addTargetingKeywords')?.variables).toEqual({
      input: {
        adAccountId: ACCOUNT_ID,
        adGroupId: 88,
        keywords: [
          { text: 'word puzzle', matchType: 'EXACT', bid: '0.80' },
          { text: 'crossword', matchType: 'EXACT', bid: '0.80' },
        ],
      },
    });
  });

  it('keeps Suggest disabled for a read-only member', async () => {
    signIn({ IsReadOnly: true });
    const calls = aiServer({ generateKeywords: () => list() });
    openPanel();
    const button = screen.getByRole('button', { name: 'Suggest' });
    expect(button.hasAttribute('disabled')).toBe(true);
    await userEvent.setup().click(button);
    expect(calls.some((call) => call.operation === 'generateKeywords')).toBe(false);
  });
});

describe('keyword AI in the campaign wizard', { timeout: 30_000 }, () => {
  it("hands the chosen keywords to the ad group's keywords as exact match", async () => {
    aiServer({ generateKeywords: () => list(), getKeywordSuggestions: () => [] });
    const values = { ...newWizardValues('SEARCH_RESULTS'), adamId: APP.adamId, countries: ['US'] };
    const onChange = vi.fn();
    renderWithApp(
      <KeywordsStep placement="SEARCH_RESULTS" values={values} errors={{}} onChange={onChange} />,
      { mantineEnv: 'test' },
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'AI suggestions' }));
    const dialog = await screen.findByRole('dialog', { name: 'AI keyword suggestions' });
    const storefront = within(dialog).getByLabelText('Storefront', { selector: 'input' });
    expect((storefront as HTMLInputElement).value).toMatch(/United States/);
    await suggest();
    await user.click(await screen.findByRole('checkbox', { name: 'Select brain games' }));
    await user.click(screen.getByRole('button', { name: "Add to this ad group's keywords" }));

    const next = onChange.mock.lastCall?.[0] as typeof values;
    expect(next.adGroups[0]?.keywords).toEqual([{ text: 'brain games', matchType: 'EXACT' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('keyword AI on the Keyword Analysis page', { timeout: 30_000 }, () => {
  it('opens for the app and storefront chosen on the keywords tab', async () => {
    aiServer({ searchForApps: () => [buildAppForKeyword(3)] });
    renderInApp(<KeywordAnalysisPage />, '/keyword-auction-insights');
    const user = userEvent.setup();
    const tab = await screen.findByRole('tabpanel');
    await user.type(within(tab).getByLabelText('App', { selector: 'input' }), 'App 3');
    await user.click(await screen.findByRole('option', { name: 'App 3', hidden: true }));
    await user.click(within(tab).getByRole('button', { name: 'AI suggestions' }));

    const dialog = await screen.findByRole('dialog', { name: 'AI keyword suggestions' });
    const value = (label: string) =>
      (within(dialog).getByLabelText(label, { selector: 'input' }) as HTMLInputElement).value;
    expect(value('App')).toBe('App 3');
    expect(value('Storefront')).toMatch(/United States/);
  });
});

describe('keyword AI in the ads manager', { timeout: 30_000 }, () => {
  it("prefills the ad group's add-keywords form with the chosen suggestions", async () => {
    const calls = aiServer({ generateKeywords: () => list() });
    renderWithApp(
      <ActionToolbar
        level="keywords"
        selected={[]}
        scope={{ adAccountId: 555, campaignIds: [101], adGroupIds: [202] }}
        onChanged={vi.fn()}
      />,
      { mantineEnv: 'test' },
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'AI suggestions' }));
    const dialog = await screen.findByRole('dialog', { name: 'AI keyword suggestions' });
    // The ad group's app and storefront are the member's to choose here.
    const app = within(dialog).getByLabelText('App', { selector: 'input' });
    await user.click(app);
    // The competitor field offers the company's apps too: the option of this field's list.
    const appList = await waitFor(() =>
      document.getElementById(app.getAttribute('aria-controls')!)!,
    );
    await user.click(within(appList).getByRole('option', { name: APP.name, hidden: true }));
    await user.type(within(dialog).getByLabelText('Storefront', { selector: 'input' }), 'Germany');
    await user.click(await screen.findByRole('option', { name: 'Germany', hidden: true }));
    await suggest();
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Select crossword' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add keywords' }));
    expect((await screen.findByLabelText('Keywords')).textContent).toBe('crossword');
    expect(calls.find((call) => call.operation === 'generateKeywords')?.variables).toMatchObject({
      adamId: APP.adamId,
      storefront: 'DE',
    });
  });
});

describe('staff AI credits', { timeout: 30_000 }, () => {
  it("sets a member's credits after a confirmation", async () => {
    signIn({ Role: 'SUPERADMIN' });
    const calls = fakeWrites({
      allUsers: () => [
        {
          id: '00000000-0000-4000-8000-0000000000b2',
          email: 'grace@example.com',
          firstName: 'Grace',
          lastName: 'Hopper',
          isDisabled: false,
          emailVerified: true,
          createdAt: '2026-01-01T00:00:00Z',
          teams: [],
        },
      ],
      memberAiCredits: () => credits(4),
      setAiCredits: () => ({ ...credits(7), usageLimit: 50, isFilledManually: true }),
    });
    renderWithApp(<StaffUsersTable />);
    const user = userEvent.setup();
    const row = await screen.findByTestId('staff-user-grace@example.com');
    await user.click(within(row).getByRole('button', { name: 'AI credits' }));
    const dialog = await screen.findByRole('dialog', { name: 'AI credits of Grace Hopper' });
    // The form opens on the member's balance, not on a default.
    expect(await within(dialog).findByDisplayValue('4')).toBeTruthy();
    expect(within(dialog).getByText('4 of 20 credits left, refills on Dec 1, 2026')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Monthly limit'));
    await user.type(within(dialog).getByLabelText('Monthly limit'), '50');
    await user.clear(within(dialog).getByLabelText('Credits left'));
    await user.type(within(dialog).getByLabelText('Credits left'), '7');
    await user.click(within(dialog).getByRole('button', { name: 'Set credits' }));
    expect(await screen.findByText("Set Grace Hopper's AI credits to 7 of 50?")).toBeTruthy();
    expect(calls.some((call) => call.operation === 'setAiCredits')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'OK' }));

    expect(await screen.findByText('Credits updated')).toBeTruthy();
    expect(calls.find((call) => call.operation === 'setAiCredits')?.variables).toEqual({
      userId: '00000000-0000-4000-8000-0000000000b2',
      usageLimit: 50,
      remainingUsage: 7,
    });
    expect(await screen.findByText('7 of 50 credits left, refills on Dec 1, 2026')).toBeTruthy();
  });
});
