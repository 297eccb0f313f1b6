import { describe, expect, it } from 'vitest';
import { COMPLETE_VALUES } from './campaign-creation-factories';
import { choiceOf, hoursOf } from './daypart';
import {
  checkValues,
  newWizardValues,
  pastedKeywords,
  stepOfPath,
  valuesOfDraft,
} from './wizard-values';

describe('wizard values', () => {
  it('places each field of the contract on the step that holds it', () => {
    expect(
      [
        ['campaignName'],
        ['countries'],
        ['adminAreas'],
        ['negativeKeywords', 0],
        ['adGroups'],
        ['adGroups', 1, 'defaultBid'],
        ['adGroups', 1, 'searchMatch'],
        ['adGroups', 1, 'keywords', 3, 'bid'],
        ['adGroups', 1, 'audience', 'devices'],
        ['adGroups', 1, 'ads'],
      ].map(stepOfPath),
    ).toEqual([
      'app',
      'countries',
      'countries',
      'keywords',
      'adGroup',
      'adGroup',
      'searchMatch',
      'keywords',
      'audience',
      'creativeSets',
    ]);
  });

  it("checks only the steps asked for, with the contract's message keys", () => {
    const values = { ...newWizardValues('SEARCH_RESULTS'), campaignName: 'Puzzle' };
    expect(checkValues('SEARCH_RESULTS', values, ['app'])).toEqual({
      errors: { adamId: 'validation.required', dailyBudget: 'validation.required' },
      input: null,
    });
    expect(checkValues('SEARCH_RESULTS', values, ['countries']).errors).toEqual({
      countries: 'validation.countryRequired',
    });
  });

  it('requires a bid on every keyword in the custom bid mode only', () => {
    const values = valuesOfDraft('SEARCH_RESULTS', COMPLETE_VALUES);
    const custom = {
      ...values,
      adGroups: values.adGroups.map((adGroup) => ({ ...adGroup, bidMode: 'custom' as const })),
    };
    expect(checkValues('SEARCH_RESULTS', custom, ['keywords']).errors).toEqual({
      'adGroups.0.keywords.0.bid': 'validation.keywordBidRequired',
    });
    expect(checkValues('SEARCH_RESULTS', values, ['keywords']).errors).toEqual({});
  });

  it('gives the creation input once every step is valid', () => {
    const checked = checkValues(
      'SEARCH_RESULTS',
      valuesOfDraft('SEARCH_RESULTS', COMPLETE_VALUES),
      ['app', 'countries', 'adGroup', 'searchMatch', 'keywords', 'audience', 'creativeSets'],
    );
    expect(checked.errors).toEqual({});
    expect(checked.input?.campaignName).toBe('Puzzle US search');
  });

  it('takes pasted keywords one per line, trimmed, without blanks or repeats', () => {
    expect(
      pastedKeywords(
        ' Puzzle  games \n\npuzzle GAMES\nbrain teaser\r\nold one',
        [{ text: 'old one', matchType: 'BROAD' }],
        'BROAD',
      ),
    ).toEqual([
      { text: 'Puzzle games', matchType: 'BROAD' },
      { text: 'brain teaser', matchType: 'BROAD' },
    ]);
  });

  it('turns days and a span of hours into hours of the week and back', () => {
    const hours = hoursOf({ days: [0, 6], fromHour: 9, toHour: 11 });
    expect(hours).toEqual([9, 10, 153, 154]);
    expect(choiceOf(hours)).toEqual({ days: [0, 6], fromHour: 9, toHour: 11 });
  });
});
