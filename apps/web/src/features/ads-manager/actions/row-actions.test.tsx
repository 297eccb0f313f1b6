import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADS_MANAGER_MESSAGES } from '@tapwise/contracts';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n';
import { signIn } from '../../../test/session-fixtures';
import { connectSessionToApi } from '../../auth/session/session-api';
import {
  GraphqlFailure,
  fakeWrites,
  renderWithApp,
  reportRow,
  zeroCounts,
} from './actions-test-kit';
import { PRODUCT_PAGES } from '../../campaign-creation/campaign-creation-factories';
import { RowActions } from './row-actions';

beforeAll(async () => {
  await initI18n('en');
  connectSessionToApi();
});
beforeEach(() => {
  window.localStorage.clear();
  signIn();
});
afterEach(() => vi.unstubAllGlobals());
// The menu mounts on the first click, opened: under jsdom, which has no layout, Mantine would
// hide it as detached from its button.
const TEST_ENV = { mantineEnv: 'test' } as const;
// The edit drawers render many fields; jsdom is slow with them on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

const campaign = reportRow({
  details: {
    currency: 'USD',
    dailyBudgetMicros: 50_000_000,
    countriesOrRegions: ['US'],
    endTime: null,
  },
});

async function openMenuItem(name: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Actions for Brand US' }));
  // The menu opens with a transition, slow on a busy machine.
  await user.click(await screen.findByRole('menuitem', { name }, { timeout: 5_000 }));
  return user;
}

describe('row actions', () => {
  it('deletes after confirmation with "Deleted Successfully"', async () => {
    const calls = fakeWrites({
      changeEntityStatus: () => ({
        successMessage: ADS_MANAGER_MESSAGES.deleted,
        results: [{ id: 101, ok: true, message: null }],
        bulkActionId: null,
      }),
    });
    const onChanged = vi.fn();
    renderWithApp(<RowActions level="campaigns" row={campaign} onChanged={onChanged} />, TEST_ENV);
    const user = await openMenuItem('Delete');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete "Brand US"? This cannot be undone.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted Successfully')).toBeTruthy();
    expect(calls[0]?.variables).toEqual({
      input: {
        adAccountId: 555,
        level: 'campaign',
        action: 'delete',
        entities: [{ id: 101, modificationTime: campaign.modificationTime }],
      },
    });
    expect(onChanged).toHaveBeenCalledWith();
  });

  it('says "Error while deleting campaign" when the row was not deleted', async () => {
    fakeWrites({
      changeEntityStatus: () => ({
        successMessage: '',
        results: [{ id: 101, ok: false, message: 'CAMPAIGN_IS_RUNNING' }],
        bulkActionId: null,
      }),
    });
    const onChanged = vi.fn();
    renderWithApp(<RowActions level="campaigns" row={campaign} onChanged={onChanged} />, TEST_ENV);
    const user = await openMenuItem('Delete');
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Error while deleting campaign')).toBeTruthy();
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('edits a campaign, sending only the changed fields', async () => {
    const updated = { ...campaign, name: 'Brand US 2', counts: zeroCounts };
    const calls = fakeWrites({
      updateCampaign: () => ({
        successMessage: ADS_MANAGER_MESSAGES.campaignUpdated,
        row: updated,
      }),
    });
    const onChanged = vi.fn();
    renderWithApp(<RowActions level="campaigns" row={campaign} onChanged={onChanged} />, TEST_ENV);
    const user = await openMenuItem('Edit');
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Brand US 2');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Campaign updated')).toBeTruthy();
    expect(calls).toEqual([
      {
        operation: 'updateCampaign',
        variables: {
          input: {
            adAccountId: 555,
            campaign: { id: 101, modificationTime: campaign.modificationTime },
            name: 'Brand US 2',
          },
        },
      },
    ]);
    // The table keeps its counts; the server zero-fills them.
    expect(onChanged).toHaveBeenCalledWith([{ ...updated, counts: campaign.counts }]);
  });

  it('asks before a daily budget more than 3 times the current one', async () => {
    const calls = fakeWrites({
      updateCampaign: () => ({
        successMessage: ADS_MANAGER_MESSAGES.campaignUpdated,
        row: campaign,
      }),
    });
    renderWithApp(<RowActions level="campaigns" row={campaign} onChanged={vi.fn()} />, TEST_ENV);
    const user = await openMenuItem('Edit');
    const budget = await screen.findByLabelText('Daily budget');
    await user.clear(budget);
    await user.type(budget, '500');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // Over the open drawer, which is a dialog too.
    const dialog = await waitFor(() => {
      const found = screen
        .getAllByRole('dialog', { hidden: true })
        .find((element) => element.textContent?.includes('Change the daily budget?'));
      if (!found) throw new Error('no confirmation yet');
      return found;
    });
    expect(dialog.textContent).toContain(
      '$500.00 is more than 3 times the current daily budget of $50.00.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Change budget', hidden: true }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.variables.input).toMatchObject({ dailyBudget: '500' });
  });

  it("adds a keyword as a negative keyword of its ad group from the keyword's own menu", async () => {
    const calls = fakeWrites({
      addNegativeKeywords: () => ({
        successMessage: ADS_MANAGER_MESSAGES.negativeKeywordsAddedToAdGroup,
        added: 1,
        refused: [],
      }),
    });
    const keyword = reportRow({
      level: 'keywords',
      id: '303',
      name: 'free puzzle',
      campaignId: 101,
      adGroupId: 202,
      details: { currency: 'USD', bidMicros: 1_000_000, matchType: 'BROAD' },
    });
    renderWithApp(<RowActions level="keywords" row={keyword} onChanged={vi.fn()} />, TEST_ENV);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Actions for free puzzle' }));
    await user.click(
      await screen.findByRole('menuitem', { name: 'Add as negative keyword' }, { timeout: 5_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add negative keywords' });
    expect(
      (within(dialog).getByRole('textbox', { name: /Keywords/ }) as HTMLTextAreaElement).value,
    ).toBe('free puzzle');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Negative keywords added to ad group')).toBeTruthy();
    expect(calls[0]!.variables.input).toEqual({
      adAccountId: 555,
      target: 'SELECTED_AD_GROUPS',
      campaignIds: [],
      adGroupIds: [202],
      keywords: [{ text: 'free puzzle', matchType: 'BROAD' }],
    });
  });

  it("moves a keyword to another ad group of its app from the keyword's menu", async () => {
    const calls = fakeWrites({
      getCampaignsByApp: () => [
        { id: 101, name: 'Brand US', deleted: false },
        { id: 102, name: 'Old', deleted: true },
      ],
      getAdGroupsByCampaigns: () => [
        { id: 202, name: 'Exact brand', campaignId: 101, deleted: false },
        { id: 203, name: 'Broad brand', campaignId: 101, deleted: false },
      ],
      transferKeywords: () => ({
        successMessage: ADS_MANAGER_MESSAGES.keywordsMoved,
        results: [{ id: 303, ok: true, message: null }],
        bulkActionId: null,
      }),
    });
    const keyword = reportRow({
      level: 'keywords',
      id: '303',
      name: 'puzzle games',
      campaignId: 101,
      adGroupId: 202,
      details: { currency: 'USD', adamId: 900, adGroupName: 'Exact brand', matchType: 'EXACT' },
    });
    const onChanged = vi.fn();
    renderWithApp(<RowActions level="keywords" row={keyword} onChanged={onChanged} />, TEST_ENV);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Actions for puzzle games' }));
    await user.click(
      await screen.findByRole('menuitem', { name: 'Move to ad group…' }, { timeout: 5_000 }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Move “puzzle games” to another ad group',
    });
    await user.click(within(dialog).getAllByLabelText('Ad group')[0]!);
    // Its own ad group is not offered.
    expect(screen.queryByRole('option', { name: 'Exact brand', hidden: true })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'Broad brand', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));

    expect(await screen.findByText('Keywords moved')).toBeTruthy();
    expect(calls.find((call) => call.operation === 'transferKeywords')?.variables.input).toEqual({
      adAccountId: 555,
      mode: 'move',
      keywords: [{ id: 303, modificationTime: keyword.modificationTime }],
      targetAdGroupId: 203,
    });
    expect(onChanged).toHaveBeenCalled();
  });

  it('says a move Apple finished only half in words, and reloads the rows', async () => {
    fakeWrites({
      getCampaignsByApp: () => [{ id: 101, name: 'Brand US', deleted: false }],
      getAdGroupsByCampaigns: () => [
        { id: 203, name: 'Broad brand', campaignId: 101, deleted: false },
      ],
      transferKeywords: () => ({
        successMessage: ADS_MANAGER_MESSAGES.keywordsMoved,
        results: [{ id: 303, ok: false, message: ADS_MANAGER_MESSAGES.keywordMovePartly }],
        bulkActionId: null,
      }),
    });
    const keyword = reportRow({
      level: 'keywords',
      id: '303',
      name: 'puzzle games',
      adGroupId: 202,
      details: { currency: 'USD', adamId: 900 },
    });
    const onChanged = vi.fn();
    renderWithApp(<RowActions level="keywords" row={keyword} onChanged={onChanged} />, TEST_ENV);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Actions for puzzle games' }));
    await user.click(
      await screen.findByRole('menuitem', { name: 'Move to ad group…' }, { timeout: 5_000 }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getAllByLabelText('Ad group')[0]!);
    await user.click(await screen.findByRole('option', { name: 'Broad brand', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await screen.findByText(/so it is in both\. Move it again to finish\./)).toBeTruthy();
    expect(onChanged).toHaveBeenCalled();
  });

  it('says "No changes detected" and sends nothing when nothing changed', async () => {
    const calls = fakeWrites({});
    renderWithApp(<RowActions level="campaigns" row={campaign} onChanged={vi.fn()} />, TEST_ENV);
    const user = await openMenuItem('Edit');
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('No changes detected')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('shows validation messages at their fields', async () => {
    const calls = fakeWrites({});
    renderWithApp(<RowActions level="campaigns" row={campaign} onChanged={vi.fn()} />, TEST_ENV);
    const user = await openMenuItem('Edit');
    const budget = await screen.findByLabelText('Daily budget');
    await user.clear(budget);
    await user.type(budget, '12.345');
    await user.clear(screen.getByLabelText('Name'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(screen.getByLabelText('Daily budget').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
  });

  it('shows "A campaign with the same name already exists" at the name', async () => {
    fakeWrites({
      updateCampaign: () => {
        throw new GraphqlFailure('CONFLICT', ADS_MANAGER_MESSAGES.campaignNameTaken);
      },
    });
    renderWithApp(<RowActions level="campaigns" row={campaign} onChanged={vi.fn()} />, TEST_ENV);
    const user = await openMenuItem('Edit');
    const name = await screen.findByLabelText('Name');
    await user.type(name, ' copy');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(ADS_MANAGER_MESSAGES.campaignNameTaken)).toBeTruthy();
  });

  it('edits an ad group: CPA goal, Search Match and audience', async () => {
    const adGroup = reportRow({
      level: 'adGroups',
      id: '202',
      name: 'Exact',
      adGroupId: 202,
      details: {
        currency: 'USD',
        defaultBidMicros: 1_500_000,
        cpaGoalMicros: null,
        automatedKeywordsOptIn: false,
        startTime: '2026-01-01T00:00:00.000Z',
        endTime: null,
        targetingDimensions: { deviceClass: { include: ['IPHONE', 'IPAD'] } },
      },
    });
    const calls = fakeWrites({
      updateAdGroup: () => ({ successMessage: ADS_MANAGER_MESSAGES.adGroupUpdated, row: adGroup }),
    });
    renderWithApp(<RowActions level="adGroups" row={adGroup} onChanged={vi.fn()} />, TEST_ENV);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Actions for Exact' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }, { timeout: 5_000 }));
    await user.type(await screen.findByLabelText('CPA goal'), '4.5');
    await user.click(screen.getByRole('switch', { name: 'Search Match' }));
    await user.click(screen.getByRole('checkbox', { name: 'iPad' }));
    await user.click(screen.getByRole('radio', { name: 'Female' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Ad group updated')).toBeTruthy();
    expect(calls[0]?.variables).toEqual({
      input: {
        adAccountId: 555,
        adGroup: { id: 202, modificationTime: adGroup.modificationTime },
        cpaGoal: '4.5',
        automatedKeywordsOptIn: true,
        targeting: { deviceClass: ['IPHONE'], gender: 'F' },
      },
    });
  });

  it('is disabled with the reason for a read-only member', async () => {
    signIn({ IsReadOnly: true });
    fakeWrites({});
    renderWithApp(<RowActions level="campaigns" row={campaign} onChanged={vi.fn()} />, TEST_ENV);
    const menu = screen.getByRole('button', { name: 'Actions for Brand US' }) as HTMLButtonElement;
    expect(menu.disabled).toBe(true);
    await userEvent.setup().hover(menu.closest('span')!);
    expect(await screen.findByText(ADS_MANAGER_MESSAGES.readOnly)).toBeTruthy();
  });
});

describe('row actions in a row that shows another entity', () => {
  // The table reuses a row's cells for the entity scrolled into its place.
  function ScrollingRow() {
    const [row, setRow] = useState(campaign);
    const next = reportRow({ id: '102', name: 'Generic UK', details: campaign.details });
    return (
      <>
        <button type="button" onClick={() => setRow(next)}>
          Next row
        </button>
        <RowActions level="campaigns" row={row} onChanged={vi.fn()} />
      </>
    );
  }

  it('keeps the edit drawer with its campaign and opens no menu for the next', async () => {
    const calls = fakeWrites({
      updateCampaign: () => ({
        successMessage: ADS_MANAGER_MESSAGES.campaignUpdated,
        row: { ...campaign, name: 'Brand US 2', counts: zeroCounts },
      }),
    });
    renderWithApp(<ScrollingRow />, TEST_ENV);
    const user = await openMenuItem('Edit');
    const name = await screen.findByLabelText('Name');

    await user.click(screen.getByRole('button', { name: 'Next row', hidden: true }));
    expect(
      screen.getByRole('button', { name: 'Actions for Generic UK', hidden: true }),
    ).toBeTruthy();
    expect(screen.queryAllByRole('menuitem')).toEqual([]);
    await user.clear(name);
    await user.type(name, 'Brand US 2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Campaign updated')).toBeTruthy();
    expect(calls.map((call) => call.variables.input)).toMatchObject([
      { campaign: { id: 101 }, name: 'Brand US 2' },
    ]);
  });
});

describe('row actions that add to Apple', () => {
  it('adds an ad group to a campaign from its menu', async () => {
    const calls = fakeWrites({
      getProductPages: () => PRODUCT_PAGES,
      addAdGroup: () => ({
        idempotencyKey: 'key',
        status: 'COMPLETE',
        campaignId: 101,
        adGroups: [{ name: 'Generic', id: 9001 }],
        keywordsCreated: 0,
        negativeKeywordsCreated: 0,
        adsCreated: 0,
        failure: null,
        refused: [],
      }),
    });
    const onChanged = vi.fn();
    renderWithApp(<RowActions level="campaigns" row={campaign} onChanged={onChanged} />, TEST_ENV);
    const user = await openMenuItem('Add ad group');
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Ad group name/), 'Generic');
    await user.type(within(dialog).getByLabelText(/Default max CPT bid/), '1.20');
    await user.click(within(dialog).getByRole('button', { name: 'Add ad group' }));
    expect(await screen.findByText('Ad group added')).toBeTruthy();
    expect(calls.find((call) => call.operation === 'addAdGroup')?.variables).toMatchObject({
      adAccountId: 555,
      campaignId: 101,
      adGroup: { name: 'Generic', defaultBid: '1.20', searchMatch: true, ads: [] },
    });
    expect(onChanged).toHaveBeenCalledWith();
  });

  it('asks for an ad, and no keywords, in an ad group added to a Today tab campaign', async () => {
    const calls = fakeWrites({ getProductPages: () => PRODUCT_PAGES });
    const todayTab = reportRow({
      details: { currency: 'USD', supplySources: ['APPSTORE_TODAY_TAB'] },
    });
    renderWithApp(<RowActions level="campaigns" row={todayTab} onChanged={vi.fn()} />, TEST_ENV);
    const user = await openMenuItem('Add ad group');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByText('Keywords of Ad group 1')).toBeNull();
    await user.type(within(dialog).getByLabelText(/Ad group name/), 'Today group');
    await user.type(within(dialog).getByLabelText(/Default max CPT bid/), '1.20');
    await user.click(within(dialog).getByRole('button', { name: 'Add ad group' }));
    expect(await within(dialog).findByText('Add at least one ad.')).toBeTruthy();
    expect(calls.filter((call) => call.operation === 'addAdGroup')).toEqual([]);
  });

  it("adds an ad to an ad group from its menu and shows the server's refusal", async () => {
    const calls = fakeWrites({
      getProductPages: () => PRODUCT_PAGES,
      addAds: () => {
        throw new GraphqlFailure(
          'CONFLICT',
          'An ad with the same name already exists in this ad group',
        );
      },
    });
    const adGroup = reportRow({
      level: 'adGroups',
      id: '202',
      name: 'Brand US',
      adGroupId: 202,
      details: { currency: 'USD', adamId: 42 },
    });
    renderWithApp(<RowActions level="adGroups" row={adGroup} onChanged={vi.fn()} />, TEST_ENV);
    const user = await openMenuItem('Add ad');
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Ad name/), 'Taken');
    await user.click(within(dialog).getByRole('button', { name: 'Add ads' }));
    expect(
      await screen.findByText('An ad with the same name already exists in this ad group'),
    ).toBeTruthy();
    // The ad chooses among the pages of the ad group's app.
    expect(calls.map((call) => call.variables)).toEqual([
      { adAccountId: 555, adamId: 42 },
      expect.objectContaining({
        adGroupId: 202,
        ads: [expect.objectContaining({ name: 'Taken' })],
      }),
    ]);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('offers no additions to a member who cannot create campaigns', async () => {
    signIn({ IsReadOnly: true });
    fakeWrites({});
    renderWithApp(<RowActions level="campaigns" row={campaign} onChanged={vi.fn()} />, TEST_ENV);
    expect(
      screen.getByRole('button', { name: 'Actions for Brand US' }).hasAttribute('disabled'),
    ).toBe(true);
  });
});
