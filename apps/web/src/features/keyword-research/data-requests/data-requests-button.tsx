// The top bar's data-request button (spec 1 §2, §4): the overall progress as a ring while any
// request is unfinished, how many are, and the dialog listing them all.
import { ActionIcon, Indicator, RingProgress, Tooltip } from '@mantine/core';
import { IconDatabaseSearch } from '@tabler/icons-react';
import { overallDataRequestProgress } from '@tapwise/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataRequestsDialog } from './data-requests-dialog';
import { useDataRequests } from './use-data-requests';

export function DataRequestsButton() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const requests = useDataRequests().data ?? [];
  // Failed requests wait for a retry: they are not in progress.
  const running = requests.filter((request) => request.status === 'RUNNING');
  const unfinished = running.length;
  const overall = overallDataRequestProgress(running);
  const label = unfinished
    ? t('dataRequests.buttonRunning', { running: unfinished, progress: overall })
    : t('dataRequests.button');
  return (
    <>
      <Tooltip label={label}>
        <Indicator label={unfinished} size={16} disabled={unfinished === 0} offset={4}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={label}
            onClick={() => setOpened(true)}
            data-testid="data-requests-button"
          >
            {unfinished ? (
              <RingProgress
                size={30}
                thickness={3}
                sections={[{ value: overall, color: 'blue' }]}
                data-testid="data-requests-ring"
                data-progress={overall}
                label={<IconDatabaseSearch size={14} />}
              />
            ) : (
              <IconDatabaseSearch size={18} />
            )}
          </ActionIcon>
        </Indicator>
      </Tooltip>
      <DataRequestsDialog opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
