import { NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import {
  IconAdjustmentsDollar,
  IconBuilding,
  IconChartHistogram,
  IconCrown,
  IconLayoutDashboard,
  IconLock,
  IconRobot,
  IconRoute,
  IconSearch,
  IconShieldCheck,
  IconSparkles,
  IconTarget,
  IconUsersGroup,
  IconWand,
} from '@tabler/icons-react';
import { ENTERPRISE_FEATURES, type EnterpriseFeature } from '@tapwise/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink } from 'react-router';
import { canOpen } from '../../features/auth/session/session-access';
import { openEnterpriseUpgrade } from '../../features/billing/enterprise-upgrade';
import type { Session } from '../../features/auth/session/session-store';
import { sidebarItems } from '../roles';
import { PermissionPopup } from './permission-popup';

const ICONS: Record<string, typeof IconLayoutDashboard> = {
  overview: IconLayoutDashboard,
  adsManager: IconChartHistogram,
  keywordAnalysis: IconSearch,
  keywordOptimization: IconAdjustmentsDollar,
  automationRules: IconRobot,
  goals: IconTarget,
  strategies: IconRoute,
  teamManagement: IconUsersGroup,
  campaignGenerator: IconWand,
  companies: IconBuilding,
  saPanel: IconShieldCheck,
};

/**
 * The sidebar of the session's role; items it lacks permission for are greyed (spec 1 §6), and so
 * are enterprise features outside the company's plan, which offer the upgrade dialog instead.
 */
export function Sidebar({
  session,
  features = ENTERPRISE_FEATURES,
  onNavigate,
}: {
  session: Session | null;
  /** The enterprise features the company's plan includes (all of them while billing is off). */
  features?: readonly EnterpriseFeature[];
  onNavigate(): void;
}) {
  const { t } = useTranslation();
  const [lockedPage, setLockedPage] = useState<string | null>(null);
  return (
    <Stack gap={0} h="100%">
      <Text fw={800} size="xl" px="md" py="sm" c="blue.7">
        <IconSparkles size={20} style={{ verticalAlign: -3, marginRight: 6 }} aria-hidden />
        Tapwise
      </Text>
      <ScrollArea style={{ flex: 1 }} component="nav" aria-label={t('nav.label')}>
        {sidebarItems(session?.claims.Role ?? undefined).map((item) => {
          const Icon = ICONS[item.key] ?? IconLayoutDashboard;
          const label = t(`nav.${item.key}`);
          const outsidePlan = item.feature !== undefined && !features.includes(item.feature);
          if (outsidePlan || (item.area && !canOpen(session, item.area))) {
            return (
              <NavLink
                key={item.key}
                component="button"
                label={label}
                leftSection={<Icon size={20} stroke={1.6} />}
                rightSection={
                  outsidePlan ? (
                    <IconCrown size={14} aria-hidden />
                  ) : (
                    <IconLock size={14} aria-hidden />
                  )
                }
                c="dimmed"
                opacity={0.6}
                aria-disabled
                data-locked={outsidePlan ? 'plan' : 'permission'}
                onClick={() => (outsidePlan ? openEnterpriseUpgrade() : setLockedPage(label))}
              />
            );
          }
          return (
            <RouterNavLink
              key={item.key}
              to={item.path}
              onClick={onNavigate}
              style={{ textDecoration: 'none', color: 'inherit' }}
            >
              {({ isActive }) => (
                <NavLink
                  component="span"
                  label={label}
                  leftSection={<Icon size={20} stroke={1.6} />}
                  active={isActive}
                />
              )}
            </RouterNavLink>
          );
        })}
      </ScrollArea>
      <PermissionPopup pageName={lockedPage} onClose={() => setLockedPage(null)} />
    </Stack>
  );
}
