import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CountryEligibility } from '@tapwise/contracts';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n';
import { fakeGraphql } from '../../../test/fake-graphql';
import { renderInApp } from '../../../test/render-app-page';
import { GraphqlFailure } from '../../ads-manager/actions/actions-test-kit';
import { APP } from '../../ads-manager/ads-manager-factories';
import { newWizardValues, type WizardValues } from '../wizard-values';
import { CountriesStep } from './countries-step';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => vi.unstubAllGlobals());
configure({ asyncUtilTimeout: 5_000 });

const eligibility = (country: string, eligible: boolean): CountryEligibility => ({
  country,
  eligible,
  deviceClasses: eligible ? ['IPHONE'] : [],
  minAge: eligible ? 4 : null,
});

function Step({ countries = [] as string[] }) {
  const [values, setValues] = useState<WizardValues>({
    ...newWizardValues('TODAY_TAB'),
    adAccountId: APP.adAccountId,
    adamId: APP.adamId,
    countries,
  });
  return <CountriesStep placement="TODAY_TAB" values={values} errors={{}} onChange={setValues} />;
}

const countriesInput = () => screen.getByRole('combobox', { name: /Countries and regions/ });

describe('countries step', { timeout: 20_000 }, () => {
  it('offers the countries where Apple lets the app run on the placement, the others disabled', async () => {
    const calls = fakeGraphql({
      getAppEligibility: () => [
        eligibility('US', true),
        eligibility('GB', true),
        eligibility('JP', false),
      ],
    });
    renderInApp(<Step />);
    await screen.findByText(/Only the countries where Apple lets this app run/);
    expect(calls.map((call) => call.variables)).toEqual([
      { adAccountId: APP.adAccountId, adamId: APP.adamId, placement: 'TODAY_TAB' },
    ]);
    await userEvent.setup().click(countriesInput());
    const options = await screen.findAllByRole('option', { hidden: true });
    expect(options.map((option) => option.textContent)).toEqual([
      'Japan (the app is not eligible here)',
      'United Kingdom',
      'United States of America',
    ]);
    const japan = screen.getByRole('option', { name: /^Japan/, hidden: true });
    expect(japan.getAttribute('data-combobox-disabled')).toBe('true');
  });

  it('keeps a chosen country Apple does not list, disabled, so it can be removed', async () => {
    fakeGraphql({ getAppEligibility: () => [eligibility('US', true)] });
    renderInApp(<Step countries={['US', 'FR']} />);
    await screen.findByText(/Only the countries where Apple lets this app run/);
    await userEvent.setup().click(countriesInput());
    await waitFor(() =>
      expect(screen.getByRole('option', { name: /^France/, hidden: true }).textContent).toBe(
        'France (the app is not eligible here)',
      ),
    );
  });

  it('offers every country with a warning when Apple does not answer', async () => {
    fakeGraphql({
      getAppEligibility: () => {
        throw new GraphqlFailure('APPLE_ADS_READ_FAILED', 'Apple did not answer');
      },
    });
    renderInApp(<Step />);
    await screen.findByText(/Unable to check where the app can run/);
    await userEvent.setup().click(countriesInput());
    expect((await screen.findAllByRole('option', { hidden: true })).length).toBeGreaterThan(200);
  });
});
