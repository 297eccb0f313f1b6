import type { AppContext } from '../app-context';
import { listMembershipsOfUser } from '../teams/teams.repository';
import { findUserByEmail } from './accounts.repository';

/** The first company that invited this address and is still waiting for an answer. */
export async function findPendingInvite(ctx: AppContext, email: string) {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return undefined;
  const entries = await listMembershipsOfUser(ctx.db, user.id);
  return entries.find(({ membership }) => membership.inviteStatus === 'INVITED');
}
