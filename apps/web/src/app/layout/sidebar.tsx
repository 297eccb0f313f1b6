import { NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import {
  IconAdjustmentsDollar,
  IconBuilding,
  IconChartHistogram,
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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink } from 'react-router';
import { canOpen } from '../../features/auth/session/session-access';
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

/** The sidebar of the session's role; items it lacks permission for are greyed (spec 1 §6). */
export function Sidebar({ session, onNavigate }: { session: Session | null; onNavigate(): void }) {
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
          if (item.area && !canOpen(session, item.area)) {
            return (
              <NavLink
                key={item.key}
                component="button"
                label={label}
                leftSection={<Icon size={20} stroke={1.6} />}
                rightSection={<IconLock size={14} aria-hidden />}
                c="dimmed"
                opacity={0.6}
                aria-disabled
                data-locked
                onClick={() => setLockedPage(label)}
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
