import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import { renderInApp } from '../../test/render-app-page';
import { signIn } from '../../test/session-fixtures';
import { connectSessionToApi } from '../auth/session/session-api';
import { buildGatewayEntry, scriptsServer } from './scripted-rules-factories';
import ScriptGatewayPage from './script-gateway-page';

// Monaco cannot run in jsdom: a read-only text area stands in for it.
vi.mock('./code-editor', () => ({
  default: (props: { label: string; value: string }) => (
    <textarea aria-label={props.label} value={props.value} readOnly />
  ),
}));

beforeAll(async () => {
  await initI18n('en');
  connectSessionToApi();
});
beforeEach(() => {
  window.localStorage.clear();
  signIn({ IsReadOnly: true });
});
afterEach(() => vi.unstubAllGlobals());

configure({ asyncUtilTimeout: 5_000 });

describe('script API gateway', () => {
  it('shows the script API declaration read-only', async () => {
    scriptsServer();
    renderInApp(<ScriptGatewayPage />, '/sar-proxy');
    const reference = await screen.findByRole('textbox', { name: 'API reference' });
    expect((reference as HTMLTextAreaElement).value).toContain('declare const tw: Tapwise;');
    expect(reference).toHaveProperty('readOnly', true);
  });

  it('lists the changes scripts proposed, 50 a page', async () => {
    const calls = scriptsServer({
      scriptGatewayLog: () => ({
        entries: [
          buildGatewayEntry(),
          buildGatewayEntry({ id: 'c2', status: 'SKIPPED', message: 'Over the run’s cap' }),
        ],
        total: 120,
      }),
    });
    renderInApp(<ScriptGatewayPage />, '/sar-proxy');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Gateway log' }));
    const rows = await screen.findAllByTestId('gateway-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Cut waste script')).toBeTruthy();
    expect(within(rows[0]!).getByText('Applied')).toBeTruthy();
    expect(within(rows[1]!).getByText('Over the run’s cap')).toBeTruthy();
    expect(calls.find((call) => call.operation === 'scriptGatewayLog')?.variables).toEqual({
      offset: 0,
      limit: 50,
    });

    await user.click(screen.getByRole('button', { name: '2' }));
    expect(calls.filter((call) => call.operation === 'scriptGatewayLog').at(-1)?.variables).toEqual(
      {
        offset: 50,
        limit: 50,
      },
    );
  });
});
