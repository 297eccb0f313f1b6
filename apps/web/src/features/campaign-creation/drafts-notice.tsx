// The ads manager's Draft sub tab counts campaign drafts, which are not report rows: this notice
// leads to the drafts list where they are resumed.
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconFileDescription } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function DraftsNotice() {
  const { t } = useTranslation();
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconFileDescription size={18} />}
      data-testid="drafts-notice"
    >
      <Group justify="space-between">
        <Text size="sm">{t('campaignCreation.drafts.inAdsManager')}</Text>
        <Button component={Link} to="/campaign-list" size="xs" variant="light">
          {t('campaignCreation.drafts.open')}
        </Button>
      </Group>
    </Alert>
  );
}
