import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GeoSearchResult, GeoTarget } from '@tapwise/contracts';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n';
import { fakeGraphql } from '../../../test/fake-graphql';
import { renderInApp } from '../../../test/render-app-page';
import { GeoPicker } from './geo-picker';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => vi.unstubAllGlobals());
configure({ asyncUtilTimeout: 5_000 });

const CALIFORNIA: GeoSearchResult = {
  id: '20001',
  displayName: 'California, United States',
  entity: 'AdminArea',
  countryOrRegion: 'US',
  adminArea: 'CA',
  locality: null,
};

let chosen: GeoTarget[] = [];

function Picker({ initial }: { initial: GeoTarget[] }) {
  const [value, setValue] = useState(initial);
  return (
    <GeoPicker
      adAccountId={4001}
      countryCode="US"
      entity="AdminArea"
      label="Regions"
      value={value}
      onChange={(next) => {
        chosen = next;
        setValue(next);
      }}
    />
  );
}

const regionsInput = () => screen.getByRole('combobox', { name: 'Regions' });

const renderPicker = (initial: GeoTarget[] = []) => renderInApp(<Picker initial={initial} />);

describe('geo picker', { timeout: 20_000 }, () => {
  it('searches Apple once 2 characters are typed and keeps the chosen region with its name', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const calls = fakeGraphql({
      searchGeo: (variables) =>
        variables.query === 'cal' ? held.then(() => [CALIFORNIA]) : [CALIFORNIA],
    });
    renderPicker();
    const user = userEvent.setup();
    const input = regionsInput();
    await user.type(input, 'c');
    expect(await screen.findByText('Type at least 2 characters to search')).toBeTruthy();

    await user.keyboard('al');
    expect(await screen.findByLabelText('Searching…')).toBeTruthy();
    release();
    await user.click(
      await screen.findByRole('option', { name: 'California, United States', hidden: true }),
    );

    expect(chosen).toEqual([{ id: '20001', name: 'California, United States' }]);
    // Debounced: the characters typed together make one search.
    expect(calls.map((call) => call.variables)).toEqual([
      { adAccountId: 4001, countryCode: 'US', query: 'cal', entity: 'AdminArea' },
    ]);
  });

  it('says so when nothing matches, and shows a region chosen earlier by its stored name', async () => {
    fakeGraphql({ searchGeo: () => [] });
    renderPicker([{ id: '20002', name: 'Texas, United States' }]);
    expect(screen.getByText('Texas, United States')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(regionsInput(), 'zzz');
    expect(await screen.findByText('No match')).toBeTruthy();
  });

  it("says the search failed when Apple's answer does not come", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(
            JSON.stringify({
              errors: [
                {
                  message: 'Unable to search regions and cities',
                  extensions: { error: 'APPLE_ADS_READ_FAILED' },
                },
              ],
            }),
          ),
        ),
      ),
    );
    renderPicker();
    await userEvent.setup().type(regionsInput(), 'cal');
    await waitFor(() =>
      expect(screen.getByText('Unable to search regions and cities')).toBeTruthy(),
    );
  });
});
