// The member's data requests (spec 1 §2 "Other dialogs"): newest first, each with its progress.
// A finished one opens its results; a running one with nothing fetched yet asks for patience.
import { Modal, Stack } from '@mantine/core';
import type { DataRequest } from '@tapwise/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { QueryContent } from '../../../shared/ui/query-content';
import { notifyInfo } from '../../../shared/ui/notify';
import { useNow } from '../../../shared/time/use-now';
import { hasPermission } from '../../auth/session/session-access';
import { useSession } from '../../auth/session/use-session';
import { DataRequestRow } from './data-request-row';
import { dataRequestLink } from './data-request-kind';
import { useDataRequestActions } from './use-data-request-actions';
import { useDataRequests } from './use-data-requests';

const newestFirst = (a: DataRequest, b: DataRequest) => b.startTime.localeCompare(a.startTime);

function DataRequestList({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useDataRequests();
  const canWrite = hasPermission(useSession(), 'keywordAnalysis.write');
  const { remove, retry } = useDataRequestActions();
  const now = useNow(30_000);

  const open = (request: DataRequest) => {
    if (request.status === 'DONE') {
      onClose();
      void navigate(dataRequestLink(request, Date.now()));
    } else if (request.status === 'RUNNING' && request.currentCount === 0) {
      notifyInfo(t('dataRequests.stillZero'));
    }
  };

  return (
    <QueryContent query={query} emptyText={t('dataRequests.empty')}>
      {(requests) => (
        <Stack gap="xs">
          {[...requests].sort(newestFirst).map((request) => (
            <DataRequestRow
              key={request.id}
              request={request}
              now={now}
              canWrite={canWrite}
              onOpen={open}
              onRemove={(target) => void remove(target)}
              onRetry={(target) => void retry(target)}
            />
          ))}
        </Stack>
      )}
    </QueryContent>
  );
}

export function DataRequestsDialog({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('dataRequests.title')} size="lg">
      {opened && <DataRequestList onClose={onClose} />}
    </Modal>
  );
}
