// The entity cells of the table: the drillable name, the status with Apple's hold reasons in
// words, money and lists from the row's details. Each is a small memoised component. Table rows
// pass from one entity to another as the table scrolls, updated rather than mounted again:
// controls with state of their own tie it to the row it is for (an open bid field, a pending
// pause), so it does not pass to the next.
import { Tooltip } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReportRow } from '@tapwise/contracts';
import { memo } from 'react';
import { NO_VALUE } from '../../../shared/format/metric-format';
import { useFixedT } from '../../../shared/i18n/use-fixed-t';
import { campaignViewPath } from '../../campaign-view/campaign-view-path';
import { BidCell, RowActions, StatusSwitch } from '../actions';
import classes from './report-table.module.css';
import { formatMoneyDetail, keywordBidOf, rowCurrency } from './row-values';
import { useTableActions } from './table-context';

export interface CellProps {
  row: ReportRow;
}

function TextSpan({ text }: { text: string }) {
  return (
    <span className={classes.truncate} title={text}>
      {text}
    </span>
  );
}

/** Rows of these levels open the level below when their name is clicked. */
const DRILLABLE = new Set<ReportRow['level']>(['accounts', 'apps', 'campaigns', 'adGroups']);

export const NameCell = memo(function NameCell({ row }: CellProps) {
  const t = useFixedT();
  const { onDrill, onOpenCampaign } = useTableActions();
  if (!DRILLABLE.has(row.level) || row.deleted) return <TextSpan text={row.name} />;
  const drill = (
    <button
      type="button"
      className={classes.link}
      title={row.name}
      data-testid="drill-link"
      onClick={() => onDrill(row)}
    >
      {row.name}
    </button>
  );
  if (row.level !== 'campaigns') return drill;
  // The name drills into the ad groups; the icon opens the campaign on a page of its own.
  return (
    <span className={classes.nameWithView}>
      {drill}
      <a
        href={campaignViewPath(row.id)}
        className={classes.viewLink}
        aria-label={t('campaignView.open', { name: row.name })}
        onClick={(event) => {
          event.preventDefault();
          onOpenCampaign(row);
        }}
      >
        <IconExternalLink size={14} />
      </a>
    </span>
  );
});

/** An Apple code (ON_HOLD, BUDGET_ORDER_EXHAUSTED) read as words when no translation is known. */
export function codeInWords(code: string): string {
  const words = code.toLowerCase().replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const StatusCell = memo(function StatusCell({ row }: CellProps) {
  const t = useFixedT();
  const { onChanged } = useTableActions();
  const status = row.deleted ? 'DELETED' : (row.displayStatus ?? row.status);
  const reasons = (row.details.servingStateReasons ?? []).map((code) =>
    t(`adsManager.reasons.${code}`, { defaultValue: codeInWords(code) }),
  );
  const label = status
    ? t(`adsManager.displayStatus.${status}`, { defaultValue: codeInWords(status) })
    : NO_VALUE;
  return (
    <span className={classes.status}>
      {!row.deleted && row.status && (
        <StatusSwitch level={row.level} row={row} onChanged={onChanged} />
      )}
      {reasons.length > 0 ? (
        <Tooltip label={reasons.join(' · ')} multiline maw={320} withinPortal>
          <span className={classes.reasons} data-testid="status-reasons">
            {label}
          </span>
        </Tooltip>
      ) : (
        <span className={classes.truncate}>{label}</span>
      )}
    </span>
  );
});

export const BidValueCell = memo(function BidValueCell({ row }: CellProps) {
  const { onChanged } = useTableActions();
  if (row.level === 'keywords' && !row.deleted) return <BidCell row={row} onChanged={onChanged} />;
  return formatMoneyDetail(keywordBidOf(row).micros, rowCurrency(row));
});

export const RowActionsCell = memo(function RowActionsCell({ row }: CellProps) {
  const { onChanged } = useTableActions();
  return row.deleted ? null : <RowActions level={row.level} row={row} onChanged={onChanged} />;
});

/** A plain text cell read from the row. */
export function textCell(read: (row: ReportRow) => string | null | undefined) {
  return memo(function TextCell({ row }: CellProps) {
    return <TextSpan text={read(row) || NO_VALUE} />;
  });
}

/** Money held in the row's details, in the row's currency. */
export function moneyCell(read: (row: ReportRow) => number | null | undefined) {
  return memo(function MoneyCell({ row }: CellProps) {
    return formatMoneyDetail(read(row), rowCurrency(row));
  });
}

/** An Apple code (match type, creative type, source) in words of the interface language. */
export function codeCell(prefix: string, read: (row: ReportRow) => string | null | undefined) {
  return memo(function CodeCell({ row }: CellProps) {
    const t = useFixedT();
    const code = read(row);
    return (
      <TextSpan
        text={code ? t(`${prefix}.${code}`, { defaultValue: codeInWords(code) }) : NO_VALUE}
      />
    );
  });
}

/**
 * A name, or how many there are when a row stands for several (a creative set shown in ads of
 * several ad groups).
 */
export function nameOrCountCell(
  readName: (row: ReportRow) => string | null | undefined,
  readCount: (row: ReportRow) => number | undefined,
  countKey: string,
) {
  return memo(function NameOrCountCell({ row }: CellProps) {
    const t = useFixedT();
    const name = readName(row);
    const count = readCount(row) ?? 0;
    return <TextSpan text={name || (count > 1 ? t(countKey, { count }) : NO_VALUE)} />;
  });
}
