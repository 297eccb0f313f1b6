import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { initI18n } from '../../shared/i18n/i18n';
import { signIn } from '../../test/session-fixtures';
import { connectSessionToApi } from '../auth/session/session-api';
import TeamManagementPage from './team-management-page';
import type { TeamMember } from './team-management-api';

const members: TeamMember[] = [
  {
    userId: '00000000-0000-4000-8000-000000000001',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    role: 'ADMIN',
    isReadOnly: false,
    isDisabled: false,
    inviteStatus: 'ACCEPTED',
  },
  {
    userId: '00000000-0000-4000-8000-000000000002',
    email: 'bob@example.com',
    firstName: '',
    lastName: '',
    role: 'STAFF',
    isReadOnly: false,
    isDisabled: false,
    inviteStatus: 'INVITED',
  },
];

/** A GraphQL server that answers the team queries and records the mutations it receives. */
function graphqlServer() {
  const operations: { query: string; variables: Record<string, unknown> }[] = [];
  const fetchMock = vi.fn((_url: string, init: RequestInit) => {
    const body = JSON.parse(init.body as string) as (typeof operations)[number];
    operations.push(body);
    const data = body.query.includes('findByTeamId')
      ? { findByTeamId: members }
      : { deleteTeamMember: true, updateTeamMember: { userId: body.variables.userId } };
    return Promise.resolve(new Response(JSON.stringify({ data })));
  });
  vi.stubGlobal('fetch', fetchMock);
  return operations;
}

beforeAll(async () => {
  await initI18n('en');
  connectSessionToApi();
});
beforeEach(() => window.localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  render(
    <AppProviders>
      <MemoryRouter>
        <TeamManagementPage />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('team management', () => {
  it('lists members with their invite status and removes one after confirmation', async () => {
    signIn({ Role: 'ADMIN' });
    const operations = graphqlServer();
    renderPage();
    const bob = await screen.findByTestId('member-bob@example.com');
    expect(within(bob).getByText('Invited')).toBeTruthy();
    expect(within(screen.getByTestId('member-ada@example.com')).getByText('Accepted')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(within(bob).getByRole('button', { name: 'Actions for bob@example.com' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    await screen.findByText('Remove bob@example.com from this company?');
    await user.click(screen.getByRole('button', { name: 'Remove' }));

    await vi.waitFor(() =>
      expect(operations.some((operation) => operation.query.includes('deleteTeamMember'))).toBe(
        true,
      ),
    );
    const removal = operations.find((operation) => operation.query.includes('deleteTeamMember'));
    expect(removal?.variables).toEqual({ userId: members[1]!.userId });
  });

  it('makes a member read-only with the switch', async () => {
    signIn({ Role: 'ADMIN' });
    const operations = graphqlServer();
    renderPage();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('switch', { name: 'Read-only access for bob@example.com' }),
    );
    await vi.waitFor(() =>
      expect(
        operations.find((operation) => operation.query.includes('updateTeamMember'))?.variables,
      ).toEqual({
        userId: members[1]!.userId,
        isReadOnly: true,
      }),
    );
  });

  it('lets a read-only admin read the team but change nothing', async () => {
    signIn({ Role: 'ADMIN', IsReadOnly: true });
    graphqlServer();
    renderPage();
    const bob = await screen.findByTestId('member-bob@example.com');
    expect(screen.getByText('You have read-only access to this team.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Invite member' })).toBeNull();
    expect(within(bob).queryByRole('button', { name: /Actions/ })).toBeNull();
    expect((within(bob).getByRole('switch') as HTMLInputElement).disabled).toBe(true);
  });
});
