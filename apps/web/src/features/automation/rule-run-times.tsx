// A rule's last run (when, and how it ended) and next check, relative to now, for the rule and
// scripted rule lists alike. The exact time is in the title.
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/format/format';
import { useNow } from '../../shared/time/use-now';
import { statusColor, statusLabel } from './automation-messages';
import { relativeTime } from './relative-time';

const MINUTE_MS = 60_000;

function useRelativeTime() {
  const { i18n } = useTranslation();
  const now = useNow(MINUTE_MS);
  const locale = i18n.resolvedLanguage ?? 'en';
  return (at: string) => relativeTime(at, now, locale);
}

export function LastRun({
  rule,
}: {
  rule: { lastRunAt: string | null; lastRunStatus: string | null };
}) {
  const { t } = useTranslation();
  const relative = useRelativeTime();
  if (!rule.lastRunAt)
    return (
      <Text size="sm" c="dimmed">
        {t('automation.list.never')}
      </Text>
    );
  return (
    <Stack gap={2}>
      <Text size="sm" title={formatDateTime(rule.lastRunAt)}>
        {relative(rule.lastRunAt)}
      </Text>
      {rule.lastRunStatus && (
        <Text size="xs" c={statusColor(rule.lastRunStatus)}>
          {statusLabel(rule.lastRunStatus)}
        </Text>
      )}
    </Stack>
  );
}

export function NextRun({ rule }: { rule: { nextRunAt: string | null } }) {
  const { t } = useTranslation();
  const relative = useRelativeTime();
  if (!rule.nextRunAt)
    return (
      <Text size="sm" c="dimmed">
        {t('automation.list.notScheduled')}
      </Text>
    );
  return (
    <Text size="sm" title={formatDateTime(rule.nextRunAt)}>
      {relative(rule.nextRunAt)}
    </Text>
  );
}
