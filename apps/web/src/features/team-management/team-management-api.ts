// GraphQL operations of team management (docs/api/accounts.md), each guarded on the server by
// teamManagement.read or teamManagement.write.
import type { InviteStatus, Role } from '@tapwise/contracts';
import { graphqlRequest } from '../../shared/api/graphql';

export interface TeamMember {
  userId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: Role;
  isReadOnly: boolean;
  isDisabled: boolean;
  inviteStatus: InviteStatus;
}

const MEMBER_FIELDS = 'userId email firstName lastName role isReadOnly isDisabled inviteStatus';

export interface MemberChange {
  userId: string;
  role?: Role;
  isReadOnly?: boolean;
  isDisabled?: boolean;
}

export const teamManagementApi = {
  members: async () =>
    (
      await graphqlRequest<{ findByTeamId: TeamMember[] }>(
        `query { findByTeamId { ${MEMBER_FIELDS} } }`,
      )
    ).findByTeamId,
  invite: (input: { email: string; role: Role; isReadOnly: boolean }) =>
    graphqlRequest(
      `mutation Invite($email: String!, $role: InvitableRole!, $isReadOnly: Boolean) {
        inviteTeamMember(email: $email, role: $role, isReadOnly: $isReadOnly) { userId }
      }`,
      input,
    ),
  reInvite: (userId: string) =>
    graphqlRequest(`mutation ReInvite($userId: ID!) { reInviteCA(userId: $userId) { userId } }`, {
      userId,
    }),
  update: (change: MemberChange) =>
    graphqlRequest(
      `mutation Update($userId: ID!, $role: InvitableRole, $isReadOnly: Boolean, $isDisabled: Boolean) {
        updateTeamMember(userId: $userId, role: $role, isReadOnly: $isReadOnly, isDisabled: $isDisabled) { userId }
      }`,
      { ...change },
    ),
  remove: (userId: string) =>
    graphqlRequest(`mutation Remove($userId: ID!) { deleteTeamMember(userId: $userId) }`, {
      userId,
    }),
};
