import { hashOneTimeToken } from '../../platform/auth/one-time-token';
import type { AppContext } from '../app-context';
import { findUsableOneTimeToken, findUserById } from './accounts.repository';

/** Whether an invitation link is still usable and was sent to this address. */
export async function isInvitationFor(
  ctx: AppContext,
  token: string,
  email: string,
): Promise<boolean> {
  const invitation = await findUsableOneTimeToken(ctx.db, hashOneTimeToken(token), 'INVITE');
  const user = invitation && (await findUserById(ctx.db, invitation.userId));
  return user?.email.toLowerCase() === email.toLowerCase();
}
