// The edit drawer of a campaign or an ad group.
import { Drawer } from '@mantine/core';
import type { ReportLevel } from '@tapwise/contracts';
import { useTranslation } from 'react-i18next';
import { AdGroupEditForm } from './ad-group-edit-form';
import { CampaignEditForm } from './campaign-edit-form';
import type { RowActionProps } from './types';

export function isEditable(level: ReportLevel): boolean {
  return level === 'campaigns' || level === 'adGroups';
}

export function EditDrawer({
  level,
  row,
  onChanged,
  onClose,
}: RowActionProps & { onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="md"
      title={t(level === 'campaigns' ? 'adsActions.editCampaign' : 'adsActions.editAdGroup', {
        name: row.name,
      })}
    >
      {level === 'campaigns' ? (
        <CampaignEditForm row={row} onChanged={onChanged} onClose={onClose} />
      ) : (
        <AdGroupEditForm row={row} onChanged={onChanged} onClose={onClose} />
      )}
    </Drawer>
  );
}
