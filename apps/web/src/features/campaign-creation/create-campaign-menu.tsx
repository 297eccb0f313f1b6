// The ads manager's way into campaign creation: the wizard of each placement, and the drafts.
import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconFileDescription, IconPlus } from '@tabler/icons-react';
import { AD_PLACEMENTS, PLACEMENT_ROUTES } from '@tapwise/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function CreateCampaignMenu() {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button leftSection={<IconPlus size={16} />} rightSection={<IconChevronDown size={14} />}>
          {t('campaignCreation.drafts.new')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {AD_PLACEMENTS.map((placement) => (
          <Menu.Item key={placement} component={Link} to={PLACEMENT_ROUTES[placement]}>
            {t(`campaignCreation.placements.${placement}`)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item
          component={Link}
          to="/campaign-list"
          leftSection={<IconFileDescription size={14} />}
        >
          {t('campaignCreation.drafts.title')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
