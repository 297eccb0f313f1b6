// The per-row menu: edit (campaigns and ad groups), add an ad group to a campaign or an ad to an
// ad group (campaignCreation.write), pause or resume, delete, and for a keyword move or copy it
// to another ad group or add it as a negative keyword. The menu itself is
// mounted on the first click: a quick scroll mounts hundreds of rows, and a Mantine menu each
// (its popover and positioning) was the largest part of mounting a row. The cell shows one row
// after another as the table scrolls: the menu belongs to the row it was opened for, and so does
// the edit drawer, which stays open for it.
import { Loader, Menu } from '@mantine/core';
import {
  IconArrowsRightLeft,
  IconBan,
  IconCopy,
  IconPencil,
  IconPlayerPause,
  IconPlus,
  IconPlayerPlay,
  IconTrash,
} from '@tabler/icons-react';
import {
  MATCH_TYPES,
  type KeywordTransferMode,
  type MatchType,
  type ReportRow,
} from '@tapwise/contracts';
import { useState } from 'react';
import { useFixedT } from '../../../shared/i18n/use-fixed-t';
import { AddAdGroupModal } from '../../campaign-creation/add-to-campaign/add-ad-group-modal';
import { AddAdsModal } from '../../campaign-creation/add-to-campaign/add-ads-modal';
import {
  adGroupAdditionTarget,
  adsAdditionTarget,
} from '../../campaign-creation/add-to-campaign/addition-targets';
import { useCanCreateCampaigns } from '../../campaign-creation/campaign-creation-access';
import { AddNegativeKeywordsModal } from './add-negative-keywords-modal';
import { EditDrawer, isEditable } from './edit-drawer';
import { KeywordTransferModal } from './keyword-transfer-modal';
import { ReadOnlyTooltip } from './read-only-tooltip';
import classes from './row-controls.module.css';
import type { RowActionProps } from './types';
import { useCanWrite } from './write-access';
import { useStatusChange } from './use-status-change';

export function RowActions({ level, row, onChanged }: RowActionProps) {
  const t = useFixedT();
  const canWrite = useCanWrite();
  const canAdd = useCanCreateCampaigns();
  const [editing, setEditing] = useState<ReportRow | null>(null);
  // The campaign an ad group is added to, or the ad group ads are added to.
  const [adding, setAdding] = useState<ReportRow | null>(null);
  // The keyword being added as a negative; like the drawer, it stays with its keyword.
  const [negative, setNegative] = useState<ReportRow | null>(null);
  const [transfer, setTransfer] = useState<{ mode: KeywordTransferMode; row: ReportRow } | null>(
    null,
  );
  // Null until the menu is first opened for this row (it then mounts, open).
  const [menu, setMenu] = useState<{ rowId: string; opened: boolean } | null>(null);
  const { run, pendingFor, writable } = useStatusChange(level, { onChanged });
  if (!writable || row.deleted) return null;
  const paused = row.status === 'PAUSED';
  const menuOpened = menu?.rowId === row.id ? menu.opened : null;
  const pending = pendingFor(row);
  const trigger = (
    <button
      type="button"
      className={classes.iconButton}
      disabled={!canWrite}
      aria-label={t('adsActions.rowMenu', { name: row.name })}
      aria-haspopup="menu"
      onClick={menuOpened === null ? () => setMenu({ rowId: row.id, opened: true }) : undefined}
    >
      {pending ? <Loader size={14} /> : <span className={classes.dots} aria-hidden />}
    </button>
  );
  if (!canWrite) return <ReadOnlyTooltip canWrite={false}>{trigger}</ReadOnlyTooltip>;
  const drawer = (
    <>
      {editing && (
        <EditDrawer
          level={level}
          row={editing}
          onChanged={onChanged}
          onClose={() => setEditing(null)}
        />
      )}
      {negative && (
        <AddNegativeKeywordsModal
          scope={{
            adAccountId: negative.adAccountId,
            campaignIds: negative.campaignId ? [negative.campaignId] : [],
            adGroupIds: negative.adGroupId ? [negative.adGroupId] : [],
          }}
          texts={[negative.name]}
          matchType={MATCH_TYPES.find(
            (type): type is MatchType => type === negative.details.matchType,
          )}
          onChanged={onChanged}
          onClose={() => setNegative(null)}
        />
      )}
      {adding?.level === 'campaigns' && (
        <AddAdGroupModal
          target={adGroupAdditionTarget(adding)}
          onAdded={() => onChanged()}
          onClose={() => setAdding(null)}
        />
      )}
      {adding?.level === 'adGroups' && (
        <AddAdsModal
          target={adsAdditionTarget(adding)}
          onAdded={() => onChanged()}
          onClose={() => setAdding(null)}
        />
      )}
      {transfer && (
        <KeywordTransferModal
          mode={transfer.mode}
          keyword={transfer.row}
          onChanged={onChanged}
          onClose={() => setTransfer(null)}
        />
      )}
    </>
  );
  if (menuOpened === null)
    return (
      <>
        {trigger}
        {drawer}
      </>
    );
  return (
    <>
      <Menu
        position="bottom-end"
        withinPortal
        opened={menuOpened}
        onChange={(opened) => setMenu({ rowId: row.id, opened })}
      >
        <Menu.Target>{trigger}</Menu.Target>
        <Menu.Dropdown>
          {isEditable(level) && (
            <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setEditing(row)}>
              {t('adsActions.actions.edit')}
            </Menu.Item>
          )}
          {canAdd && (level === 'campaigns' || level === 'adGroups') && (
            <Menu.Item leftSection={<IconPlus size={14} />} onClick={() => setAdding(row)}>
              {t(level === 'campaigns' ? 'campaignView.addAdGroup' : 'campaignView.addAd')}
            </Menu.Item>
          )}
          {row.status && (
            <Menu.Item
              leftSection={paused ? <IconPlayerPlay size={14} /> : <IconPlayerPause size={14} />}
              onClick={() => void run([row], paused ? 'resume' : 'pause')}
            >
              {t(paused ? 'adsActions.actions.resume' : 'adsActions.actions.pause')}
            </Menu.Item>
          )}
          {level === 'keywords' && (
            <>
              <Menu.Item
                leftSection={<IconArrowsRightLeft size={14} />}
                onClick={() => setTransfer({ mode: 'move', row })}
              >
                {t('adsActions.actions.moveTo')}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconCopy size={14} />}
                onClick={() => setTransfer({ mode: 'copy', row })}
              >
                {t('adsActions.actions.copyTo')}
              </Menu.Item>
              <Menu.Item leftSection={<IconBan size={14} />} onClick={() => setNegative(row)}>
                {t('adsActions.addAsNegative')}
              </Menu.Item>
            </>
          )}
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={() => void run([row], 'delete')}
          >
            {t('adsActions.actions.delete')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {drawer}
    </>
  );
}
