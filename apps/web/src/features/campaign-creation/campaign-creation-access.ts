// Who may create campaigns: members with campaignCreation.write. Others (read-only members) see
// the wizard disabled with the reason.
import { hasPermission } from '../auth/session/session-access';
import { useSession } from '../auth/session/use-session';

export function useCanCreateCampaigns(): boolean {
  return hasPermission(useSession(), 'campaignCreation.write');
}
