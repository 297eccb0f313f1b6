// Records what people do in a company. While a super admin impersonates someone, both identities
// are kept (issue: every action taken while impersonating is recorded with both).
import type { AuthContext } from '../../platform/auth/auth-context';
import type { Database } from '../../platform/db/database';
import { insertActivityLog } from './activity-log.repository';

export async function recordActivity(
  db: Database,
  auth: AuthContext,
  teamId: string,
  entry: { logType: string; message: string; featureName?: string; featurePath?: string },
) {
  return insertActivityLog(db, teamId, {
    ...entry,
    userId: auth.userId,
    impersonatorId: auth.impersonatorId,
  });
}
