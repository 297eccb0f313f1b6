// The company's integration info (getIntegrationInfo), read by the top bar, the invalid
// integration banner and the integration-guarded pages.
import { useQuery } from '@tanstack/react-query';
import { hasPermission, isOnboarded } from '../auth/session/session-access';
import { useSession } from '../auth/session/use-session';
import { integrationKeys, integrationsApi } from './integrations-api';

export function useIntegrationInfo() {
  const session = useSession();
  const enabled =
    session !== null && isOnboarded(session) && hasPermission(session, 'integrations.read');
  return useQuery({ queryKey: integrationKeys.info, queryFn: integrationsApi.info, enabled });
}
