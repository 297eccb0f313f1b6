// Who may change generations and templates: members with campaignGenerator.write. Read-only
// admins see the generations and their plans without the actions.
import { hasPermission } from '../auth/session/session-access';
import { useSession } from '../auth/session/use-session';

export function useCanWriteGenerator(): boolean {
  return hasPermission(useSession(), 'campaignGenerator.write');
}
