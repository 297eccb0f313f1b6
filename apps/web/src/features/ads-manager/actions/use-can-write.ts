// Whether the member may change the ads manager: read-only members see every action disabled.
import { hasPermission } from '../../auth/session/session-access';
import { useSession } from '../../auth/session/use-session';

export function useCanWrite(): boolean {
  return hasPermission(useSession(), 'adsManager.write');
}
