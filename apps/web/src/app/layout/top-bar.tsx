// The top bar of spec 1 §2: UTC note, manual sync and its progress, last sync, currency, data
// requests, language, organisation and the avatar with the user's menu.
import {
  Avatar,
  Badge,
  Burger,
  Button,
  Group,
  Indicator,
  Menu,
  Text,
  Tooltip,
} from '@mantine/core';
import { BILLING_OFF_STATUS, type SubscriptionStatus } from '@tapwise/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasPermission } from '../../features/auth/session/session-access';
import type { Session } from '../../features/auth/session/session-store';
import { ChecklistButton } from '../../features/onboarding/checklist-button';
import { trialDaysLeft, type BillingStatus } from '../../features/billing/billing-status';
import { DataRequestsButton } from '../../features/keyword-research/data-requests/data-requests-button';
import { TopBarSync } from '../../features/sync/top-bar-sync';
import { LanguageSwitcher } from './language-switcher';
import { OrganisationSwitcher } from './organisation-switcher';

export interface TopBarProps {
  session: Session | null;
  navbarOpened: boolean;
  onToggleNavbar(): void;
  showBurger: boolean;
  /** The company's billing status: the trial's days left and the profile's state dot. */
  billing?: BillingStatus;
}

/** The profile dot of each subscription state (spec 1 §2 "Profile dots"). */
export const STATUS_DOT_COLORS: Record<SubscriptionStatus, string> = {
  active: 'teal',
  trial: 'blue',
  on_hold: 'yellow',
  cancelled: 'red',
};

const STATUS_LABEL_KEYS: Record<SubscriptionStatus, string> = {
  active: 'entitlements.statusActive',
  trial: 'entitlements.statusTrial',
  on_hold: 'entitlements.statusOnHold',
  cancelled: 'entitlements.statusCancelled',
};

/** Days left of the free trial, leading to the plans (billing on, in trial only). */
function TrialBadge({ billing, canBuy }: { billing: BillingStatus; canBuy: boolean }) {
  const { t } = useTranslation();
  const daysLeft = trialDaysLeft(billing);
  if (daysLeft === null) return null;
  const label = t('entitlements.trialDaysLeft', { count: daysLeft });
  const ends = billing.trialEnd ? new Date(billing.trialEnd).toLocaleDateString() : '';
  return (
    <Tooltip label={t('entitlements.trialEnds', { date: ends })}>
      {canBuy ? (
        <Badge
          component={Link}
          to="/subscription-plan"
          variant="light"
          color={daysLeft <= 3 ? 'orange' : 'blue'}
          style={{ cursor: 'pointer' }}
          data-testid="trial-badge"
        >
          {label}
        </Badge>
      ) : (
        <Badge variant="light" color={daysLeft <= 3 ? 'orange' : 'blue'} data-testid="trial-badge">
          {label}
        </Badge>
      )}
    </Tooltip>
  );
}

/** Two initials for the avatar, from the user's names (or their e-mail until they give them). */
export function initials(firstName?: string, lastName?: string): string {
  const letters = [firstName, lastName]
    .map((name) => name?.trim().charAt(0) ?? '')
    .join('')
    .toUpperCase();
  return letters || '?';
}

export function TopBar({
  session,
  navbarOpened,
  onToggleNavbar,
  showBurger,
  billing = BILLING_OFF_STATUS,
}: TopBarProps) {
  const { t } = useTranslation();
  const role = session?.claims.Role;
  const state = billing.enabled ? billing.status : null;
  const managesBilling = billing.enabled && hasPermission(session, 'billing.read');
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
        <TrialBadge billing={billing} canBuy={hasPermission(session, 'billing.write')} />
        <TopBarSync />
        <ChecklistButton />
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
            <Indicator
              disabled={!state}
              color={state ? STATUS_DOT_COLORS[state] : undefined}
              size={10}
              offset={4}
              withBorder
              position="bottom-end"
              data-testid="subscription-dot"
              data-state={state ?? undefined}
            >
              <Avatar
                component="button"
                radius="xl"
                color="blue"
                aria-label={t('topBar.profileMenu')}
              >
                {initials(session?.claims.FirstName, session?.claims.LastName)}
              </Avatar>
            </Indicator>
          </Menu.Target>
          <Menu.Dropdown>
            {session && <Menu.Label>{session.claims.Email}</Menu.Label>}
            {state && (
              <Menu.Label data-testid="subscription-state">
                <Indicator
                  inline
                  color={STATUS_DOT_COLORS[state]}
                  size={8}
                  position="middle-start"
                  offset={-10}
                  ml={12}
                >
                  {t(STATUS_LABEL_KEYS[state])}
                </Indicator>
              </Menu.Label>
            )}
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
            {managesBilling && (
              <Menu.Item component={Link} to="/manage-subscription">
                {t('entitlements.manageSubscription')}
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
