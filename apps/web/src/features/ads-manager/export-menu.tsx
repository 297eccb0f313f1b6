// Export of the current view: every row it matches (not only the loaded page), its columns in
// order with their headings, as CSV or XLSX. Up to EXPORT_DIRECT_MAX_ROWS rows the server builds
// the file and streams it, the bar running until the whole file is in (the export can be
// stopped); a larger view is exported in the background, downloaded or mailed when done.
import { Button, Group, Menu, Progress, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import {
  EXPORT_DIRECT_MAX_ROWS,
  reportExportFileName,
  type ReportExportFormat,
  type ReportExportInput,
  type ReportLevel,
} from '@tapwise/contracts';
import i18next from 'i18next';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiBlob } from '../../shared/api/http';
import { downloadFile } from '../../shared/files/download-file';
import { formatInteger } from '../../shared/format/format';
import { notifyError } from '../../shared/ui/notify';
import { useSession } from '../auth/session/use-session';
import { useBackgroundExport } from '../exports/use-background-export';
import { NAME_COLUMN, visibleColumns } from './table/columns';
import type { ReportQueryBase } from './use-report';
import type { VisibleTab } from './url-state';

/** Apple's codes in the words the table shows them, for the file to read the same. */
const CODE_GROUPS = {
  status: 'adsManager.displayStatus',
  matchType: 'adsManager.matchTypes',
  source: 'adsManager.sources',
  creativeType: 'adsManager.creativeTypes',
} as const;

function codeWords(): Record<string, string> {
  const words: Record<string, string> = {};
  for (const [group, key] of Object.entries(CODE_GROUPS)) {
    const translated = i18next.t(key, { returnObjects: true }) as Record<string, string>;
    for (const [code, word] of Object.entries(translated)) words[`${group}.${code}`] = word;
  }
  return { ...words, ...totalWords() };
}

/** The totals lines' words (EXPORT_TOTAL_WORDS), the server filling in currency and rates. */
function totalWords(): Record<string, string> {
  const convertedTotal = i18next.t('adsManager.table.convertedTotal', { currency: '{{currency}}' });
  return {
    'total.currency': i18next.t('adsManager.table.totalsIn', { currency: '{{currency}}' }),
    'total.converted': `${convertedTotal}, ${i18next.t('adsManager.table.convertedAt', { rates: '{{rates}}' })}`,
    'total.notConverted': `${convertedTotal} — ${i18next.t('adsManager.table.notConvertedShort')}`,
    'total.rates.ECB': i18next.t('currency.sources.ECB'),
    'total.rates.SIMULATOR': i18next.t('currency.sources.SIMULATOR'),
    'total.rates.none': i18next.t('currency.sources.none'),
  };
}

export function exportInputOf(
  level: VisibleTab,
  base: ReportQueryBase,
  columnKeys: readonly string[],
  format: ReportExportFormat,
): ReportExportInput {
  const columns = [NAME_COLUMN, ...visibleColumns(level, columnKeys)];
  return {
    level: level as ReportLevel,
    format,
    query: base,
    columns: columns.map((column) => ({ key: column.key, heading: i18next.t(column.labelKey) })),
    codeWords: codeWords(),
  };
}

export function ExportMenu(props: {
  level: VisibleTab;
  base: ReportQueryBase;
  columns: readonly string[];
  /** Rows the view matches, as the table knows them. */
  total: number | undefined;
}) {
  const { t } = useTranslation();
  const [running, setRunning] = useState<ReportExportFormat | null>(null);
  const stop = useRef<AbortController | null>(null);
  const startBackground = useBackgroundExport();
  const email = useSession()?.claims.Email;
  const large = (props.total ?? 0) > EXPORT_DIRECT_MAX_ROWS;

  function runInBackground(format: ReportExportFormat, receiverMail?: string) {
    const { format: _format, ...input } = exportInputOf(
      props.level,
      props.base,
      props.columns,
      format,
    );
    void startBackground({
      dataset: 'adsManager',
      format,
      input,
      ...(receiverMail ? { receiverMail } : {}),
    });
  }

  async function run(format: ReportExportFormat) {
    if (large) return runInBackground(format);
    const controller = new AbortController();
    stop.current = controller;
    setRunning(format);
    try {
      const file = await apiBlob('/v1/api/ads-manager/export', {
        body: exportInputOf(props.level, props.base, props.columns, format),
        signal: controller.signal,
      });
      downloadFile(reportExportFileName(props.level, props.base.period, format), file);
    } catch {
      // Stopped by the user: nothing to say.
      if (!controller.signal.aborted) notifyError(t('adsManager.export.failed'));
    } finally {
      setRunning(null);
    }
  }

  if (running)
    return (
      <Group gap="xs" wrap="nowrap" data-testid="export-progress">
        <Progress
          value={100}
          animated
          striped
          w={120}
          aria-label={t('adsManager.export.progress', { format: running.toUpperCase() })}
        />
        <Text size="xs">{t('adsManager.export.running', { format: running.toUpperCase() })}</Text>
        <Button size="compact-xs" variant="subtle" onClick={() => stop.current?.abort()}>
          {t('common.cancel')}
        </Button>
      </Group>
    );
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconDownload size={14} />}
          data-testid="export-menu"
        >
          {t('adsManager.export.title')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => void run('csv')}>{t('adsManager.export.csv')}</Menu.Item>
        <Menu.Item onClick={() => void run('xlsx')}>{t('adsManager.export.xlsx')}</Menu.Item>
        {large && email && (
          <>
            <Menu.Divider />
            <Menu.Label>
              {t('exports.largeHint', { rows: formatInteger(props.total ?? 0) })}
            </Menu.Label>
            <Menu.Item onClick={() => runInBackground('csv', email)}>
              {t('exports.mailMe', { format: 'CSV' })}
            </Menu.Item>
            <Menu.Item onClick={() => runInBackground('xlsx', email)}>
              {t('exports.mailMe', { format: 'XLSX' })}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
