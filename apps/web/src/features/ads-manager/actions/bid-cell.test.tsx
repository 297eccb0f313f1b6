import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADS_MANAGER_MESSAGES } from '@tapwise/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n';
import { signIn } from '../../../test/session-fixtures';
import { connectSessionToApi } from '../../auth/session/session-api';
import { fakeWrites, renderWithApp, reportRow, zeroCounts } from './actions-test-kit';
import { BidCell } from './bid-cell';

beforeAll(async () => {
  await initI18n('en');
  connectSessionToApi();
});
beforeEach(() => {
  window.localStorage.clear();
  signIn();
});
afterEach(() => vi.unstubAllGlobals());

const keyword = reportRow({
  level: 'keywords',
  id: '303',
  name: 'puzzle games',
  adGroupId: 202,
  details: { currency: 'USD', bidMicros: 1_200_000, matchType: 'EXACT' },
});

describe('keyword bid cell', () => {
  it('saves a new bid with Enter', async () => {
    const changed = {
      ...keyword,
      details: { ...keyword.details, bidMicros: 2_500_000 },
      counts: zeroCounts,
    };
    const calls = fakeWrites({
      changeKeywordBid: () => ({ successMessage: ADS_MANAGER_MESSAGES.bidChanged, row: changed }),
    });
    const onChanged = vi.fn();
    renderWithApp(<BidCell row={keyword} onChanged={onChanged} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Bid \$1\.20 for puzzle games/ }));
    const input = screen.getByRole('textbox', { name: 'Bid for puzzle games' });
    await user.clear(input);
    await user.type(input, '2.5{Enter}');

    expect(await screen.findByText('Bid amount changed successfully')).toBeTruthy();
    expect(calls).toEqual([
      {
        operation: 'changeKeywordBid',
        variables: {
          input: {
            adAccountId: 555,
            keyword: { id: 303, modificationTime: keyword.modificationTime },
            bid: '2.5',
          },
        },
      },
    ]);
    expect(onChanged).toHaveBeenCalledWith([{ ...changed, counts: keyword.counts }]);
  });

  it('opens with Enter from the keyboard and cancels with Escape', async () => {
    const calls = fakeWrites({});
    renderWithApp(<BidCell row={keyword} onChanged={vi.fn()} />);
    const user = userEvent.setup();
    act(() => screen.getByRole('button', { name: /Bid \$1\.20/ }).focus());
    await user.keyboard('{Enter}');
    const input = screen.getByRole('textbox', { name: 'Bid for puzzle games' });
    expect((input as HTMLInputElement).value).toBe('1.2');
    await user.type(input, '9{Escape}');
    await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
    expect(calls).toEqual([]);
  });

  it('refuses an invalid amount with the validation message', async () => {
    const calls = fakeWrites({});
    renderWithApp(<BidCell row={keyword} onChanged={vi.fn()} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Bid \$1\.20/ }));
    const input = screen.getByRole('textbox', { name: 'Bid for puzzle games' });
    await user.clear(input);
    await user.type(input, '0{Enter}');
    expect(await screen.findByText('Amount must be greater than 0.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("shows the ad group's default bid a keyword without its own bids, marked as the default", async () => {
    const calls = fakeWrites({});
    const inheriting = reportRow({
      ...keyword,
      details: { currency: 'USD', bidMicros: null, defaultBidMicros: 1_600_000 },
    });
    renderWithApp(<BidCell row={inheriting} onChanged={vi.fn()} />);
    const user = userEvent.setup();
    const button = screen.getByRole('button', {
      name: "Bid $1.60 (the ad group's default bid) for puzzle games, press to edit",
    });
    expect(button.textContent).toBe('$1.60 default');
    await user.click(button);
    const input = screen.getByRole('textbox', { name: 'Bid for puzzle games' });
    expect((input as HTMLInputElement).value).toBe('1.6');
    // Enter on the same amount keeps the default bid: nothing is sent.
    await user.type(input, '{Enter}');
    await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
    expect(calls).toEqual([]);
  });

  it('asks before a bid more than 3 times the current one, and sends nothing when cancelled', async () => {
    const calls = fakeWrites({
      changeKeywordBid: () => ({ successMessage: ADS_MANAGER_MESSAGES.bidChanged, row: keyword }),
    });
    const low = reportRow({ ...keyword, details: { currency: 'USD', bidMicros: 1_600_000 } });
    renderWithApp(<BidCell row={low} onChanged={vi.fn()} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Bid \$1\.60/ }));
    const input = screen.getByRole('textbox', { name: 'Bid for puzzle games' });
    await user.clear(input);
    await user.type(input, '5000{Enter}');

    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(
      '$5,000.00 is more than 3 times the current bid of $1.60.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([]);
    expect(screen.getByRole('textbox', { name: 'Bid for puzzle games' })).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'Bid for puzzle games' }), '{Enter}');
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Change bid' }),
    );
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.variables.input).toMatchObject({ bid: '5000' });
  });

  it("asks before a bid above the ad group's CPA goal", async () => {
    const calls = fakeWrites({
      changeKeywordBid: () => ({ successMessage: ADS_MANAGER_MESSAGES.bidChanged, row: keyword }),
    });
    const withGoal = reportRow({
      ...keyword,
      details: { currency: 'USD', bidMicros: 1_200_000, cpaGoalMicros: 2_000_000 },
    });
    renderWithApp(<BidCell row={withGoal} onChanged={vi.fn()} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Bid \$1\.20/ }));
    const input = screen.getByRole('textbox', { name: 'Bid for puzzle games' });
    await user.clear(input);
    await user.type(input, '2.5{Enter}');
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain("$2.50 is above the ad group's CPA goal of $2.00.");
    expect(calls).toEqual([]);
  });

  it('cannot be edited by a read-only member', () => {
    signIn({ IsReadOnly: true });
    fakeWrites({});
    renderWithApp(<BidCell row={keyword} onChanged={vi.fn()} />);
    expect(
      (screen.getByRole('button', { name: /Bid \$1\.20/ }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});
