// Who a change is made by, taken from the caller's session; the gateway refuses read-only ones.
import type { ChangeSource } from '@tapwise/contracts';
import type { AuthContext } from '../../platform/auth/auth-context';

export interface WriteActor {
  teamId: string;
  userId: string | null;
  impersonatorId: string | null;
  /** The member's role allows adsManager.write (read-only members' does not). */
  mayWrite: boolean;
  source: ChangeSource;
}

export function writeActorOf(
  auth: AuthContext & { teamId: string },
  source: ChangeSource = 'adsManager',
): WriteActor {
  return {
    teamId: auth.teamId,
    userId: auth.userId,
    impersonatorId: auth.impersonatorId,
    mayWrite: auth.role === 'SUPERADMIN' || auth.permissions.includes('adsManager.write'),
    source,
  };
}
