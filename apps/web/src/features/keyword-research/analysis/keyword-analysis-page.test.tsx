import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dataRequestChannel, type DataRequest } from '@tapwise/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n';
import { latestSocket } from '../../../test/fake-socket';
import { renderInApp } from '../../../test/render-app-page';
import { giveReportTableAHeight } from '../../../test/report-table-viewport';
import { signIn } from '../../../test/session-fixtures';
import { APP } from '../../ads-manager/ads-manager-factories';
import { GraphqlFailure, fakeWrites } from '../../ads-manager/actions/actions-test-kit';
import { connectSessionToApi } from '../../auth/session/session-api';
import {
  RUNNING,
  analysisServer,
  buildApp,
  buildAppForKeyword,
  buildKeyword,
  buildRequest,
  progressMessage,
} from './analysis-factories';
import KeywordAnalysisPage from './keyword-analysis-page';

configure({ asyncUtilTimeout: 5_000 });

let removeTableHeight: () => void;
beforeAll(async () => {
  await initI18n('en');
  connectSessionToApi();
  removeTableHeight = giveReportTableAHeight();
});
afterAll(() => removeTableHeight());
beforeEach(() => window.localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const openPage = (path = '/keyword-auction-insights') => renderInApp(<KeywordAnalysisPage />, path);

/** The first cell of every rendered body row of the keywords table. */
const shownKeywords = () =>
  [...screen.getByRole('table').querySelectorAll('tbody tr[aria-rowindex]')].map(
    (row) => row.querySelectorAll('td')[1]!.textContent,
  );

async function askKeywordsOfOwnApp() {
  const user = userEvent.setup();
  await pick(user, screen.getByRole('tabpanel'), 'App', APP.name);
  await user.click(screen.getByRole('button', { name: 'Find keywords' }));
  return user;
}

async function pick(
  user: ReturnType<typeof userEvent.setup>,
  container: HTMLElement,
  label: string,
  option: string | RegExp,
) {
  await user.click(within(container).getByLabelText(label, { selector: 'input' }));
  // Mantine keeps the dropdown in a transition jsdom never finishes: its options count as hidden.
  await user.click(await screen.findByRole('option', { name: option, hidden: true }));
}

/** A finished keywords-for-app request with these rows. */
function keywordsServer(rows = [buildKeyword(1), buildKeyword(2), buildKeyword(3)]) {
  return analysisServer({ searchByApp: () => ({ keywords: rows, request: buildRequest() }) });
}

describe('keyword analysis page', { timeout: 30_000 }, () => {
  it('opens the tab the query names', async () => {
    signIn();
    analysisServer({});
    openPage('/keyword-auction-insights?tab=2&q=1764151200000');
    const tab = await screen.findByRole('tab', { name: 'Suggested competitors' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('button', { name: 'Find competitors' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Organic keyword ranking' }).getAttribute('href')).toBe(
      '/organic-keyword-ranking',
    );
  });

  it('shows every row of a data request its link opens, in its storefront', async () => {
    signIn();
    const opened = buildRequest({ id: 'dr-9', appId: '42', appName: 'Word Hunt', location: 'gb' });
    const calls = analysisServer({
      getDataRequests: () => [buildRequest(), opened],
      searchByApp: () => ({ keywords: [buildKeyword(5)], request: opened }),
    });
    openPage('/keyword-auction-insights?q=1764151200000&tab=0&request=dr-9');

    await screen.findByRole('table', { name: 'Keywords of Word Hunt' });
    expect(shownKeywords()).toEqual(['keyword 5']);
    expect(calls.find((call) => call.operation === 'searchByApp')?.variables).toMatchObject({
      appId: '42',
      title: 'Word Hunt',
      location: 'gb',
      itemsPerPage: 1000,
    });
    const storefront = screen.getByLabelText('Storefront', { selector: 'input' });
    expect((storefront as HTMLInputElement).value).toMatch(/^United Kingdom/);
  });

  it("starts a request, shows its progress from the member's channel, then its rows", async () => {
    const claims = signIn();
    const running: DataRequest = buildRequest(RUNNING);
    let answer: { keywords: ReturnType<typeof buildKeyword>[]; request: DataRequest } = {
      keywords: [],
      request: running,
    };
    const calls = analysisServer({ searchByApp: () => answer });
    openPage();
    await askKeywordsOfOwnApp();

    expect(await screen.findByText('Fetching: 0 of 100')).toBeTruthy();
    expect(calls.find((call) => call.operation === 'searchByApp')?.variables).toMatchObject({
      appId: String(APP.adamId),
      title: APP.name,
      location: 'us',
      language: 'en',
      device: 'iphone',
    });
    const channel = dataRequestChannel(claims.UserId);
    act(() =>
      latestSocket().deliver(
        channel,
        progressMessage(running, {
          currentCount: 50,
          totalCount: 100,
          progress: 50,
          completed: false,
          status: 'RUNNING',
        }),
      ),
    );
    expect(await screen.findByText('Fetching: 50 of 100')).toBeTruthy();

    answer = { keywords: [buildKeyword(1), buildKeyword(2)], request: buildRequest() };
    act(() =>
      latestSocket().deliver(
        channel,
        progressMessage(running, {
          currentCount: 100,
          totalCount: 100,
          progress: 100,
          completed: true,
          status: 'DONE',
        }),
      ),
    );
    await screen.findByRole('table', { name: `Keywords of ${APP.name}` });
    expect(shownKeywords().sort()).toEqual(['keyword 1', 'keyword 2']);
    expect(calls.filter((call) => call.operation === 'searchByApp')).toHaveLength(2);
  });

  it('says the App Store did not answer when the question is refused for that', async () => {
    signIn();
    fakeWrites({
      getOwnAppsFromDB: () => [APP],
      searchByApp: () => {
        throw new GraphqlFailure('APP_STORE_UNAVAILABLE', 'The App Store did not answer.');
      },
    });
    openPage();
    await askKeywordsOfOwnApp();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The App Store or Apple Ads did not answer. Please try again in a few minutes.',
    );
  });

  it('continues a failed request from the tab, keeping the rows it fetched', async () => {
    signIn();
    const failed = buildRequest({ status: 'FAILED', error: 'The App Store did not answer.' });
    let answer = { keywords: [buildKeyword(1)], request: failed };
    const calls = analysisServer({
      searchByApp: () => answer,
      retryDataRequest: () => {
        answer = { keywords: [buildKeyword(1), buildKeyword(2)], request: buildRequest() };
        return { ...failed, status: 'RUNNING', completed: false };
      },
    });
    openPage();
    const user = await askKeywordsOfOwnApp();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The App Store did not answer.');
    expect(shownKeywords()).toEqual(['keyword 1']);

    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(shownKeywords().sort()).toEqual(['keyword 1', 'keyword 2']));
    expect(calls.find((call) => call.operation === 'retryDataRequest')?.variables).toEqual({
      id: failed.id,
    });
  });

  it('sorts by popularity (largest first), then by keyword on a click', async () => {
    signIn();
    keywordsServer([
      buildKeyword(1, { keyword: 'beta', popularity: 20 }),
      buildKeyword(2, { keyword: 'alpha', popularity: 60 }),
      buildKeyword(3, { keyword: 'gamma', popularity: null }),
    ]);
    openPage();
    const user = await askKeywordsOfOwnApp();
    await screen.findByRole('table');
    expect(shownKeywords()).toEqual(['alpha', 'beta', 'gamma']);

    await user.click(screen.getByRole('button', { name: 'Popularity' }));
    // Ascending now; a keyword without popularity stays last.
    expect(shownKeywords()).toEqual(['beta', 'alpha', 'gamma']);
    await user.click(screen.getByRole('button', { name: 'Keyword' }));
    expect(shownKeywords()).toEqual(['alpha', 'beta', 'gamma']);
    await user.click(screen.getByRole('button', { name: 'Keyword' }));
    expect(shownKeywords()).toEqual(['gamma', 'beta', 'alpha']);
  });

  it('filters by text and by a popularity range', async () => {
    signIn();
    keywordsServer([
      buildKeyword(1, { keyword: 'puzzle games', popularity: 70 }),
      buildKeyword(2, { keyword: 'puzzle free', popularity: 30 }),
      buildKeyword(3, { keyword: 'word games', popularity: 50 }),
    ]);
    openPage();
    const user = await askKeywordsOfOwnApp();
    await screen.findByRole('table');

    await user.type(screen.getByRole('textbox', { name: 'Filter' }), 'PUZZLE');
    expect(shownKeywords()).toEqual(['puzzle games', 'puzzle free']);
    await user.type(screen.getByRole('textbox', { name: 'Popularity from' }), '40');
    expect(shownKeywords()).toEqual(['puzzle games']);
    expect(screen.getByText('1 of 3 rows')).toBeTruthy();
  });

  it('exports the rows shown as CSV', async () => {
    signIn();
    keywordsServer([
      buildKeyword(1, {
        keyword: 'puzzle',
        popularity: 70,
        organicRank: 3,
        totalApps: 200,
        volume: 900,
        percent_sov: 12.5,
        own: {
          keywordIds: ['k1'],
          localSpend: '10.50',
          currency: 'USD',
          impressions: 100,
          taps: 9,
          installs: 4,
        },
      }),
      buildKeyword(2, { keyword: '=cmd', popularity: 10, organicRank: null, volume: 5 }),
    ]);
    const files: Blob[] = [];
    vi.stubGlobal('URL', {
      ...URL,
      createObjectURL: (blob: Blob) => {
        files.push(blob);
        return 'blob:csv';
      },
      revokeObjectURL: () => undefined,
    });
    openPage();
    const user = await askKeywordsOfOwnApp();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(await files[0]!.text()).toBe(
      [
        'Keyword,Popularity,Organic rank,Total apps,Volume,Share of voice,Bidding,Spend,Taps,Installs',
        'puzzle,70,3,200,900,12.5,Yes,10.5,9,4',
        "'=cmd,10,,200,5,,No,,,",
        '',
      ].join('\r\n'),
    );
    await user.click(screen.getByRole('button', { name: 'Export XLSX' }));
    await waitFor(() => expect(files).toHaveLength(2));
    expect(files[1]!.type).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
  });

  it('renders only the rows in view of a thousand, and sorts them all', async () => {
    signIn();
    keywordsServer(Array.from({ length: 1000 }, (_, index) => buildKeyword(index + 1)));
    openPage();
    const user = await askKeywordsOfOwnApp();
    await screen.findByRole('table');
    expect(shownKeywords().length).toBeLessThan(30);
    expect(screen.getByText('1000 of 1000 rows')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Organic rank' }));
    expect(shownKeywords()[0]).toBe('keyword 1000');
  });

  it('prefills the add-keywords form with the selected keywords for the chosen ad group', async () => {
    signIn();
    const calls = keywordsServer();
    openPage();
    const user = await askKeywordsOfOwnApp();
    await screen.findByRole('table');
    await user.click(screen.getByRole('checkbox', { name: 'Select keyword 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select keyword 3' }));
    await user.click(screen.getByRole('button', { name: 'Add as keywords to an ad group' }));

    const picker = await screen.findByRole('dialog');
    await pick(user, picker, 'Your app', `${APP.name} (${APP.adAccountName})`);
    await pick(user, picker, 'Ad group', 'Exact brand');
    await user.click(within(picker).getByRole('button', { name: 'Next' }));

    const form = await screen.findByRole('dialog', { name: 'Add keywords' });
    const texts = within(form).getByRole('textbox', { name: /Keywords/ }) as HTMLTextAreaElement;
    expect(texts.value.split('\n').sort()).toEqual(['keyword 1', 'keyword 3']);
    expect(calls.some((call) => call.operation === 'getAdGroupsByCampaigns')).toBe(true);
  });

  it('leaves the selected keywords for the campaign wizard', async () => {
    signIn();
    keywordsServer();
    const router = openPage();
    const user = await askKeywordsOfOwnApp();
    await screen.findByRole('table');
    await user.click(screen.getByRole('checkbox', { name: 'Select keyword 2' }));
    await user.click(screen.getByRole('button', { name: 'Use in a new campaign' }));

    expect(JSON.parse(window.localStorage.getItem('keysFromKai')!)).toEqual(['keyword 2']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/create-campaign'));
  });

  it('shows the apps for a keyword as cards, the own app badged', async () => {
    signIn();
    const calls = analysisServer({
      searchByKeyword: () => ({
        apps: [buildAppForKeyword(1, true), buildAppForKeyword(2)],
        request: buildRequest({ opId: 2, keyword: 'puzzle' }),
      }),
    });
    openPage('/keyword-auction-insights?tab=1');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Keyword' }), '  puzzle ');
    await user.click(screen.getByRole('button', { name: 'Find apps' }));

    const list = await screen.findByRole('list', { name: 'Apps for “puzzle”' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['App 1', 'App 2']);
    expect(within(cards[0]!).getByText('Your app')).toBeTruthy();
    expect(within(cards[0]!).getByText('Studio 1')).toBeTruthy();
    expect(within(cards[0]!).getByText('Ratings: 1201')).toBeTruthy();
    expect(within(cards[1]!).queryByText('Your app')).toBeNull();
    expect(calls.find((call) => call.operation === 'searchByKeyword')?.variables).toMatchObject({
      keyword: 'puzzle',
      itemsPerPage: 100,
    });
  });

  it('refuses an empty keyword without asking the server', async () => {
    signIn();
    const calls = analysisServer({});
    openPage('/keyword-auction-insights?tab=1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Find apps' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(calls.some((call) => call.operation === 'searchByKeyword')).toBe(false);
  });

  it("lists an app's suggested competitors with their keywords and share of voice", async () => {
    signIn();
    analysisServer({
      getCompetitors: () => ({
        apps: [
          { rank: 1, noOfKeywords: 12, percent_sov: 40, app: buildApp(1) },
          { rank: 2, noOfKeywords: 30, percent_sov: 25.5, app: buildApp(2) },
        ],
        request: buildRequest({ opId: 4 }),
      }),
    });
    openPage('/keyword-auction-insights?tab=2');
    const user = userEvent.setup();
    await pick(user, screen.getByRole('tabpanel'), 'App', APP.name);
    await user.click(screen.getByRole('button', { name: 'Find competitors' }));

    const table = await screen.findByRole('table', { name: `Competitors of ${APP.name}` });
    const lines = () =>
      [...table.querySelectorAll('tbody tr[aria-rowindex]')].map((row) =>
        [...row.querySelectorAll('td')].map((cell) => cell.textContent),
      );
    expect(lines()).toEqual([
      ['1', 'App 1', 'Studio 1', '4.5', '12', '40.00%'],
      ['2', 'App 2', 'Studio 2', '4.5', '30', '25.50%'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Keywords in top 10' }));
    expect(lines()[0]![1]).toBe('App 2');
  });

  it('asks for the free top apps of Games in the US by default', async () => {
    signIn();
    const calls = analysisServer({
      getCategoryTop: () => ({
        apps: [{ rank: 1, category: 'Games', app: buildApp(7) }],
        request: buildRequest({ opId: 5, catId: 6014, catType: 'free' }),
      }),
    });
    openPage('/keyword-auction-insights?tab=3');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Show top apps' }));
    const list = await screen.findByRole('list', { name: 'Top apps' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(calls.find((call) => call.operation === 'getCategoryTop')?.variables).toEqual({
      catId: 6014,
      type: 'free',
      location: 'us',
      language: 'en',
      device: 'iphone',
    });
  });

  it('shows a read-only member the page with every write disabled', async () => {
    signIn({ IsReadOnly: true });
    analysisServer({ searchForApps: () => [buildAppForKeyword(1)] });
    openPage();
    const user = userEvent.setup();
    await pick(user, screen.getByRole('tabpanel'), 'App', APP.name);
    const find = screen.getByRole('button', { name: 'Find keywords' });
    expect((find as HTMLButtonElement).disabled).toBe(true);
    await user.hover(find.parentElement!);
    expect(
      await screen.findByText(
        'Your role can view keyword analysis but not change anything from it.',
      ),
    ).toBeTruthy();
  });
});
