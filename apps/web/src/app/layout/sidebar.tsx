import { NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import {
  IconAdjustmentsDollar,
  IconBuilding,
  IconChartHistogram,
  IconLayoutDashboard,
  IconRobot,
  IconRoute,
  IconSearch,
  IconShieldCheck,
  IconSparkles,
  IconTarget,
  IconUsersGroup,
  IconWand,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink } from 'react-router';
import { sidebarItems, type Role } from '../roles';

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

export function Sidebar({ role, onNavigate }: { role: Role | undefined; onNavigate(): void }) {
  const { t } = useTranslation();
  return (
    <Stack gap={0} h="100%">
      <Text fw={800} size="xl" px="md" py="sm" c="blue.7">
        <IconSparkles size={20} style={{ verticalAlign: -3, marginRight: 6 }} aria-hidden />
        Tapwise
      </Text>
      <ScrollArea style={{ flex: 1 }} component="nav" aria-label={t('nav.label')}>
        {sidebarItems(role).map((item) => {
          const Icon = ICONS[item.key] ?? IconLayoutDashboard;
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
                  label={t(`nav.${item.key}`)}
                  leftSection={<Icon size={20} stroke={1.6} />}
                  active={isActive}
                />
              )}
            </RouterNavLink>
          );
        })}
      </ScrollArea>
    </Stack>
  );
}
