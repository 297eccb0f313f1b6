import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADS_MANAGER_MESSAGES, dataRequestChannel } from '@tapwise/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n';
import { latestSocket } from '../../../test/fake-socket';
import { signIn } from '../../../test/session-fixtures';
import { connectSessionToApi } from '../../auth/session/session-api';
import { ActionToolbar } from './action-toolbar';
import { fakeWrites, renderWithApp, reportRow } from './actions-test-kit';

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
vi.setConfig({ testTimeout: 20_000 });

const keywordRows = Array.from({ length: 25 }, (_, index) =>
  reportRow({
    level: 'keywords',
    id: String(1000 + index),
    name: `keyword ${index}`,
    adGroupId: 202,
  }),
);

describe('action toolbar', () => {
  it('runs a large selection as a bulk action with progress from the socket', async () => {
    const calls = fakeWrites({
      changeEntityStatus: () => ({ successMessage: '', results: [], bulkActionId: 'bulk-1' }),
      bulkAction: () => ({
        bulkActionId: 'bulk-1',
        total: 25,
        done: 0,
        status: 'RUNNING',
        results: null,
      }),
    });
    const onChanged = vi.fn();
    renderWithApp(
      <ActionToolbar
        level="keywords"
        selected={keywordRows}
        scope={{ adAccountId: 555, adGroupIds: [202] }}
        onChanged={onChanged}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Pause 25 selected rows?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Pause' }));
    expect(await screen.findByTestId('bulk-progress')).toBeTruthy();
    const sent = calls.find((call) => call.operation === 'changeEntityStatus');
    expect((sent?.variables.input as { entities: unknown[] }).entities).toHaveLength(25);

    const push = (data: object) =>
      act(() =>
        latestSocket().deliver(dataRequestChannel(userId), {
          opId: 60,
          bulkActionId: 'bulk-1',
          type: 'bulkAction',
          data: { bulkActionId: 'bulk-1', total: 25, ...data },
        }),
      );
    push({ done: 10, results: null });
    expect(await screen.findByText('Applying changes: 10 of 25')).toBeTruthy();
    expect(onChanged).not.toHaveBeenCalled();

    push({
      done: 25,
      results: keywordRows.map((row, index) => ({
        id: Number(row.id),
        ok: index !== 3,
        message: index === 3 ? 'KEYWORD_NOT_FOUND' : null,
      })),
    });
    expect(await screen.findByText('Done: 24 of 25 changed')).toBeTruthy();
    expect(screen.getByTestId('bulk-failures').textContent).toBe('keyword 3: KEYWORD_NOT_FOUND');
    expect(onChanged).toHaveBeenCalledWith();
  });

  it('answers a small selection at once and names the rows that failed', async () => {
    const rows = keywordRows.slice(0, 2);
    fakeWrites({
      changeEntityStatus: () => ({
        successMessage: ADS_MANAGER_MESSAGES.statusChanged,
        results: [
          { id: 1000, ok: true, message: null },
          { id: 1001, ok: false, message: 'KEYWORD_NOT_FOUND' },
        ],
        bulkActionId: null,
      }),
    });
    const onChanged = vi.fn();
    renderWithApp(
      <ActionToolbar level="keywords" selected={rows} scope={{}} onChanged={onChanged} />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Pause' }),
    );
    expect(await screen.findByText('Status changed and item moved to Paused')).toBeTruthy();
    expect(screen.getByText("Couldn't update keyword status: keyword 1")).toBeTruthy();
    expect(onChanged).toHaveBeenCalledWith();
    expect(screen.queryByTestId('bulk-progress')).toBeNull();
  });

  it('falls back to the bulkAction query when the socket stays silent', async () => {
    const calls = fakeWrites({
      changeEntityStatus: () => ({ successMessage: '', results: [], bulkActionId: 'bulk-2' }),
      bulkAction: () => ({
        bulkActionId: 'bulk-2',
        total: 25,
        done: 25,
        status: 'DONE',
        results: keywordRows.map((row) => ({ id: Number(row.id), ok: true, message: null })),
      }),
    });
    const onChanged = vi.fn();
    renderWithApp(
      <ActionToolbar level="keywords" selected={keywordRows} scope={{}} onChanged={onChanged} />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Done: 25 of 25 changed')).toBeTruthy();
    expect(calls.find((call) => call.operation === 'bulkAction')?.variables).toEqual({
      id: 'bulk-2',
    });
    expect(screen.queryByTestId('bulk-failures')).toBeNull();
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith());
  });

  it('adds keywords to the ad group and lists the refused ones with their reasons', async () => {
    const calls = fakeWrites({
      addTargetingKeywords: () => ({
        successMessage: ADS_MANAGER_MESSAGES.keywordsAdded,
        added: 1,
        refused: [
          { text: 'puzzle', matchType: 'EXACT', message: ADS_MANAGER_MESSAGES.keywordDuplicate },
        ],
      }),
    });
    const onChanged = vi.fn();
    renderWithApp(
      <ActionToolbar
        level="keywords"
        selected={[]}
        scope={{ adAccountId: 555, campaignIds: [101], adGroupIds: [202] }}
        onChanged={onChanged}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add keywords' }));
    await user.type(
      await screen.findByLabelText('Keywords'),
      'puzzle{Enter}word game{Enter}Puzzle',
    );
    await user.type(screen.getByLabelText('Max CPT bid'), '1.10');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Keywords added')).toBeTruthy();
    expect(calls[0]?.variables).toEqual({
      input: {
        adAccountId: 555,
        adGroupId: 202,
        keywords: [
          { text: 'puzzle', matchType: 'EXACT', bid: '1.10' },
          { text: 'word game', matchType: 'EXACT', bid: '1.10' },
        ],
      },
    });
    expect(screen.getByTestId('refused-keywords').textContent).toContain(
      'puzzle (Exact): This keyword is already in the ad group.',
    );
    expect(onChanged).toHaveBeenCalledWith();
  });

  it('refuses keywords over 80 characters before sending', async () => {
    const calls = fakeWrites({});
    renderWithApp(
      <ActionToolbar
        level="keywords"
        selected={[]}
        scope={{ adAccountId: 555, adGroupIds: [202] }}
        onChanged={vi.fn()}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add keywords' }));
    await user.type(await screen.findByLabelText('Keywords'), 'k'.repeat(81));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(
      await screen.findByText(`${'k'.repeat(81)}: Keyword must be at most 80 characters.`),
    ).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('adds negative keywords to every ad group of the selected campaigns', async () => {
    const calls = fakeWrites({
      addNegativeKeywords: () => ({
        successMessage: ADS_MANAGER_MESSAGES.negativeKeywordsAddedToAdGroup,
        added: 1,
        refused: [],
      }),
    });
    const campaigns = [reportRow(), reportRow({ id: '102', name: 'Brand UK', campaignId: 102 })];
    renderWithApp(
      <ActionToolbar level="campaigns" selected={campaigns} scope={{}} onChanged={vi.fn()} />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add negative keywords' }));
    expect(screen.queryByRole('radio', { name: 'Selected ad groups' })).toBeNull();
    await user.click(
      await screen.findByRole('radio', { name: 'All ad groups of the selected campaigns' }),
    );
    await user.type(screen.getByLabelText('Keywords'), 'free');
    await user.click(screen.getByRole('radio', { name: 'Broad' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Negative keywords added to ad group')).toBeTruthy();
    expect(calls[0]?.variables).toEqual({
      input: {
        adAccountId: 555,
        target: 'ALL_AD_GROUPS_OF_SELECTED_CAMPAIGNS',
        campaignIds: [101, 102],
        adGroupIds: [],
        keywords: [{ text: 'free', matchType: 'BROAD' }],
      },
    });
  });

  it('adds the selected search terms as keywords, prefilled', async () => {
    const calls = fakeWrites({
      addTargetingKeywords: () => ({
        successMessage: ADS_MANAGER_MESSAGES.keywordsAdded,
        added: 2,
        refused: [],
      }),
    });
    const terms = ['brain teaser', 'logic puzzle'].map((name, index) =>
      reportRow({ level: 'searchTerms', id: `t${index}`, name, status: null, adGroupId: 202 }),
    );
    renderWithApp(
      <ActionToolbar level="searchTerms" selected={terms} scope={{}} onChanged={vi.fn()} />,
    );
    const user = userEvent.setup();
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add as keyword' }));
    expect((await screen.findByLabelText('Keywords')).textContent).toBe(
      'brain teaser\nlogic puzzle',
    );
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(calls[0]?.variables).toEqual({
        input: {
          adAccountId: 555,
          adGroupId: 202,
          keywords: [
            { text: 'brain teaser', matchType: 'EXACT' },
            { text: 'logic puzzle', matchType: 'EXACT' },
          ],
        },
      }),
    );
    expect(screen.getByRole('button', { name: 'Add as negative keyword' })).toBeTruthy();
  });

  it('disables every action for a read-only member', async () => {
    signIn({ IsReadOnly: true });
    fakeWrites({});
    renderWithApp(
      <ActionToolbar
        level="keywords"
        selected={keywordRows.slice(0, 2)}
        scope={{ adAccountId: 555, campaignIds: [101], adGroupIds: [202] }}
        onChanged={vi.fn()}
      />,
    );
    const buttons = within(screen.getByRole('toolbar')).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      'Pause',
      'Resume',
      'Delete',
      'Add keywords',
      'Add negative keywords',
    ]);
    expect(buttons.every((button) => (button as HTMLButtonElement).disabled)).toBe(true);
    await userEvent.setup().hover(buttons[0]!.closest('span')!);
    expect(await screen.findByText(ADS_MANAGER_MESSAGES.readOnly)).toBeTruthy();
  });
});
