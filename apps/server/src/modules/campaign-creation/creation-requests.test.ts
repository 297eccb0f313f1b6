import { describe, expect, it } from 'vitest';
import { creationInput, wizardAdGroup } from './campaign-creation-factories';
import { adGroupCreate, campaignCreate, keywordCreates } from './creation-requests';

const target = { adAccountId: 10, adamId: 20, campaignName: 'Puzzle' };
const context = { campaignId: 30, currency: 'EUR', otherAppIds: [21, 22] };

describe('creation requests', () => {
  it('sends the placement, countries, budget and schedule of the campaign', () => {
    const input = creationInput(target, {
      placement: 'TODAY_TAB',
      startTime: '2026-12-01T08:00:00Z',
      endTime: null,
    });
    expect(campaignCreate(input, 'EUR')).toEqual({
      name: 'Puzzle',
      billingEvent: 'TAPS',
      promotedObjectType: 'APPSTORE_APP',
      promotedObjectId: '20',
      dailyBudget: { value: { amount: '50.00', currency: 'EUR' } },
      targeting: {
        countryOrRegion: { include: ['US'] },
        supplyPlacement: { include: ['APPSTORE_TODAY_TAB'] },
      },
      status: 'ENABLED',
      startTime: '2026-12-01T08:00:00.000',
    });
  });

  it('maps customer types to appDownloader and leaves Search Match out of browse placements', () => {
    const audience = wizardAdGroup().audience;
    const targetingOf = (customerType: typeof audience.customerType) =>
      adGroupCreate(
        creationInput(target, { placement: 'SEARCH_TAB' }),
        wizardAdGroup({ keywords: [], audience: { ...audience, customerType } }),
        context,
      );
    expect(targetingOf('all').targeting).not.toHaveProperty('appDownloader');
    expect(targetingOf('new').targeting?.appDownloader).toEqual({ exclude: ['20'] });
    expect(targetingOf('existing').targeting?.appDownloader).toEqual({ include: ['20'] });
    expect(targetingOf('otherApps').targeting?.appDownloader).toEqual({
      include: ['21', '22'],
      exclude: ['20'],
    });
    expect(targetingOf('all')).not.toHaveProperty('automatedKeywordsOptIn');
  });

  it('bids for conversions with a CPA goal, and sends regions and cities as geo targeting', () => {
    const input = creationInput(target, { adminAreas: ['20001'], localities: ['11390004'] });
    const adGroup = adGroupCreate(input, wizardAdGroup({ cpaGoal: '4.5' }), context);
    expect(adGroup.bidStrategy).toEqual({
      bidStrategyType: 'MAX_CONVERSIONS',
      bidStrategyGoal: 'INSTALL',
      bid: { amount: '4.50', currency: 'EUR' },
    });
    expect(adGroup.targeting).toMatchObject({
      adminArea: { include: ['20001'] },
      locality: { include: ['11390004'] },
    });
  });

  it('sends keyword bids in the custom bid mode only', () => {
    const keywords = [{ text: 'maze', matchType: 'EXACT' as const, bid: '2' }];
    expect(keywordCreates(wizardAdGroup({ keywords }), 40, 'EUR')).toEqual([
      { adGroupId: 40, text: 'maze', matchType: 'EXACT', status: 'ENABLED' },
    ]);
    expect(keywordCreates(wizardAdGroup({ keywords, bidMode: 'custom' }), 40, 'EUR')).toEqual([
      {
        adGroupId: 40,
        text: 'maze',
        matchType: 'EXACT',
        status: 'ENABLED',
        bid: { amount: '2.00', currency: 'EUR' },
      },
    ]);
  });
});
