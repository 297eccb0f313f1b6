// Who a change is made by, taken from the caller's session; the gateway refuses read-only ones.
import type { ChangeSource, Permission } from '@tapwise/contracts';
import type { AuthContext } from '../../platform/auth/auth-context';

export interface WriteActor {
  teamId: string;
  userId: string | null;
  impersonatorId: string | null;
  /** The member's role allows the screen's write permission (read-only members' does not). */
  mayWrite: boolean;
  source: ChangeSource;
}

export function writeActorOf(
  auth: AuthContext & { teamId: string },
  source: ChangeSource = 'adsManager',
  permission: Permission = 'adsManager.write',
): WriteActor {
  return {
    teamId: auth.teamId,
    userId: auth.userId,
    impersonatorId: auth.impersonatorId,
    mayWrite: auth.role === 'SUPERADMIN' || auth.permissions.includes(permission),
    source,
  };
}
