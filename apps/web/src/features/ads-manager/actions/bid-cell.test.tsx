import { act, screen, waitFor } from '@testing-library/react';
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

  it('cannot be edited by a read-only member', () => {
    signIn({ IsReadOnly: true });
    fakeWrites({});
    renderWithApp(<BidCell row={keyword} onChanged={vi.fn()} />);
    expect(
      (screen.getByRole('button', { name: /Bid \$1\.20/ }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});
