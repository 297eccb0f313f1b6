// The top bar of spec 1 §2: UTC note, manual sync and its progress, last sync, currency, data
// requests, language, organisation and the avatar with the user's menu.
import { Avatar, Burger, Button, Group, Menu, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasPermission } from '../../features/auth/session/session-access';
import type { Session } from '../../features/auth/session/session-store';
import { DataRequestsButton } from '../../features/keyword-research/data-requests/data-requests-button';
import { TopBarSync } from '../../features/sync/top-bar-sync';
import { LanguageSwitcher } from './language-switcher';
import { OrganisationSwitcher } from './organisation-switcher';

export interface TopBarProps {
  session: Session | null;
  navbarOpened: boolean;
  onToggleNavbar(): void;
  showBurger: boolean;
}

/** Two initials for the avatar, from the user's names (or their e-mail until they give them). */
export function initials(firstName?: string, lastName?: string): string {
  const letters = [firstName, lastName]
    .map((name) => name?.trim().charAt(0) ?? '')
    .join('')
    .toUpperCase();
  return letters || '?';
}

export function TopBar({ session, navbarOpened, onToggleNavbar, showBurger }: TopBarProps) {
  const { t } = useTranslation();
  const role = session?.claims.Role;
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        {showBurger && (
          <Burger
            opened={navbarOpened}
            onClick={onToggleNavbar}
            hiddenFrom="sm"
            size="sm"
            aria-label={t('topBar.toggleNavigation')}
          />
        )}
        <Text size="sm" c="dimmed" data-testid="utc-note">
          {t('topBar.utcNote')}
        </Text>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <TopBarSync />
        {hasPermission(session, 'keywordAnalysis.read') && <DataRequestsButton />}
        <LanguageSwitcher />
        {session ? (
          <OrganisationSwitcher session={session} />
        ) : (
          <Tooltip label={t('topBar.noOrganisation')}>
            <Button variant="default" size="xs" disabled data-testid="organisation-switcher">
              {t('topBar.organisation')}
            </Button>
          </Tooltip>
        )}
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Avatar
              component="button"
              radius="xl"
              color="blue"
              aria-label={t('topBar.profileMenu')}
            >
              {initials(session?.claims.FirstName, session?.claims.LastName)}
            </Avatar>
          </Menu.Target>
          <Menu.Dropdown>
            {session && <Menu.Label>{session.claims.Email}</Menu.Label>}
            <Menu.Item component={Link} to="/settings">
              {t('profileMenu.settings')}
            </Menu.Item>
            <Menu.Item component={Link} to="/integrations">
              {t('profileMenu.integrations')}
            </Menu.Item>
            {(role === 'ADMIN' || role === 'SUPERADMIN') && (
              <Menu.Item component={Link} to="/team-management">
                {t('profileMenu.teamManagement')}
              </Menu.Item>
            )}
            <Menu.Item component={Link} to="/signin/change-password">
              {t('profileMenu.changePassword')}
            </Menu.Item>
            <Menu.Item component="a" href="mailto:support@tapwise.app">
              {t('profileMenu.support')}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item component={Link} to="/logout" color="red">
              {t('profileMenu.signOut')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}
