// The organisation switcher of the top bar (spec 1 §4): the user's companies; switching fetches
// the user for the target company, stores the new token, goes to /overview and reloads.
import { Button, Menu } from '@mantine/core';
import { IconBuildingCommunity, IconCheck } from '@tabler/icons-react';
import type { TeamEntry } from '@tapwise/contracts';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { fetchUserDetails } from '../../features/auth/session/session-renewal';
import { storeSession, type Session } from '../../features/auth/session/session-store';
import { hardNavigate } from '../../shared/navigation/hard-navigate';

async function switchOrganisation(session: Session, team: TeamEntry): Promise<void> {
  try {
    storeSession(await fetchUserDetails(session, { TeamId: team.TeamId }));
  } catch {
    window.alert(i18next.t('errors.switchTeamFailed'));
    return;
  }
  hardNavigate('/overview');
}

export function OrganisationSwitcher({ session }: { session: Session }) {
  const { t } = useTranslation();
  const { teams, TeamID, CompanyName } = session.claims;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconBuildingCommunity size={16} aria-hidden />}
          aria-label={t('topBar.organisation')}
          data-testid="organisation-switcher"
          maw={220}
        >
          {CompanyName || t('topBar.organisation')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('topBar.organisations')}</Menu.Label>
        {teams.map((team) => {
          const current = team.TeamId === TeamID;
          return (
            <Menu.Item
              key={team.TeamId}
              disabled={team.IsDisabled || current}
              rightSection={current ? <IconCheck size={14} aria-hidden /> : undefined}
              aria-current={current}
              onClick={() => void switchOrganisation(session, team)}
            >
              {team.Company}
              {team.IsDisabled ? ` (${t('status.disabled')})` : ''}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
