// Who may do what in the Automation Studio: writers (automationRules.write) write, save, run and
// delete scripts and functions; admins (automationRules.scripts) turn scripted rules on or off for
// the company; every reader may test and backtest.
import { useMemo } from 'react';
import { hasPermission } from '../auth/session/session-access';
import { useSession } from '../auth/session/use-session';

export function useScriptedRulesAccess() {
  const session = useSession();
  return useMemo(
    () => ({
      canWrite: hasPermission(session, 'automationRules.write'),
      canSwitch: hasPermission(session, 'automationRules.scripts'),
    }),
    [session],
  );
}
