import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { KeywordSuggestionRow, WizardKeyword } from '@tapwise/contracts';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n';
import { fakeGraphql } from '../../../test/fake-graphql';
import { renderInApp } from '../../../test/render-app-page';
import { GraphqlFailure, fakeWrites } from '../../ads-manager/actions/actions-test-kit';
import { KeywordSuggestions } from './keyword-suggestions';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => vi.unstubAllGlobals());
configure({ asyncUtilTimeout: 5_000 });

const SUGGESTIONS: KeywordSuggestionRow[] = [
  { text: 'puzzle quest', popularity: 72 },
  { text: 'puzzle games', popularity: 55 },
  { text: 'brain teaser', popularity: 31 },
];

let latest: WizardKeyword[] = [];

function Panel(props: { adamId?: number | null; keywords?: WizardKeyword[] }) {
  const [keywords, setKeywords] = useState<WizardKeyword[]>(
    props.keywords ?? [{ text: 'Puzzle Quest', matchType: 'EXACT' }],
  );
  return (
    <KeywordSuggestions
      adAccountId={4001}
      adamId={props.adamId === undefined ? 5001 : props.adamId}
      countries={['US', 'GB']}
      adGroupName="Brand"
      keywords={keywords}
      onChange={(next) => {
        latest = next;
        setKeywords(next);
      }}
    />
  );
}

const panel = () => screen.getByRole('region', { name: 'Keyword suggestions for Brand' });

describe('keyword suggestions', { timeout: 20_000 }, () => {
  it('lists the suggestions with their popularity and adds one, then all, as exact match', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const calls = fakeGraphql({ getKeywordSuggestions: () => held.then(() => SUGGESTIONS) });
    renderInApp(<Panel />);
    expect(await within(panel()).findByText('Loading suggestions…')).toBeTruthy();
    release();
    const popularity = await screen.findByRole('progressbar', {
      name: 'Popularity of puzzle games',
    });
    expect(popularity.getAttribute('aria-valuenow')).toBe('55');
    // Already a keyword of the ad group (in any case): not added again.
    expect(
      (screen.getByRole('button', { name: 'Add puzzle quest' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add puzzle games' }));
    expect(latest).toEqual([
      { text: 'Puzzle Quest', matchType: 'EXACT' },
      { text: 'puzzle games', matchType: 'EXACT' },
    ]);
    await user.click(screen.getByRole('button', { name: 'Add all (1)' }));
    expect(latest.map((keyword) => keyword.text)).toEqual([
      'Puzzle Quest',
      'puzzle games',
      'brain teaser',
    ]);
    expect(screen.queryByRole('button', { name: /^Add all/ })).toBeNull();
    expect(calls.map((call) => call.variables)).toEqual([
      { adAccountId: 4001, adamId: 5001, countries: ['US', 'GB'] },
    ]);
  });

  it('says when Apple has no suggestions', async () => {
    fakeGraphql({ getKeywordSuggestions: () => [] });
    renderInApp(<Panel />);
    expect(
      await screen.findByText('Apple has no keyword suggestions for this app in these countries.'),
    ).toBeTruthy();
  });

  it('says the suggestions could not be loaded, and loads them again on Try again', async () => {
    let failing = true;
    const calls = fakeWrites({
      getKeywordSuggestions: () => {
        if (failing)
          throw new GraphqlFailure('APPLE_ADS_READ_FAILED', 'Unable to load keyword suggestions');
        return SUGGESTIONS;
      },
    });
    renderInApp(<Panel />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Unable to load keyword suggestions')).toBeTruthy();
    failing = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('brain teaser')).toBeTruthy();
    await waitFor(() => expect(calls).toHaveLength(2));
  });

  it('waits for the app before asking Apple', async () => {
    const calls = fakeGraphql({ getKeywordSuggestions: () => SUGGESTIONS });
    renderInApp(<Panel adamId={null} />);
    expect(
      await screen.findByText("Choose the app and the countries to see Apple's suggestions."),
    ).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
