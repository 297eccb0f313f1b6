// Who may change automation: writers (automationRules.write) edit, run and revert rules, admins
// (automationRules.killSwitch) stop all automation; read-only members see the controls disabled
// with the reason on hover and focus.
import { Tooltip } from '@mantine/core';
import { useMemo, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../auth/session/session-access';
import { useSession } from '../auth/session/use-session';

export interface AutomationAccess {
  canWrite: boolean;
  canUseKillSwitch: boolean;
}

export function useAutomationAccess(): AutomationAccess {
  const session = useSession();
  return useMemo(
    () => ({
      canWrite: hasPermission(session, 'automationRules.write'),
      canUseKillSwitch: hasPermission(session, 'automationRules.killSwitch'),
    }),
    [session],
  );
}

export function ReadOnlyHint({
  canWrite,
  children,
}: {
  canWrite: boolean;
  children: ReactElement;
}) {
  const { t } = useTranslation();
  if (canWrite) return children;
  return (
    <Tooltip
      label={t('automation.page.readOnly')}
      events={{ hover: true, focus: true, touch: true }}
    >
      {/* A disabled control fires no pointer events; the wrapper carries the tooltip. */}
      <span style={{ display: 'inline-flex' }}>{children}</span>
    </Tooltip>
  );
}
