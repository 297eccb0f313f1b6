// Mail the server kept in its outbox: recipients, subjects and the text, links included.
import { Accordion, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/format/format';
import { QueryContent } from '../../shared/ui/query-content';
import { staffApi } from './staff-api';

export function MailOutbox() {
  const { t } = useTranslation();
  const mails = useQuery({ queryKey: ['staff', 'mail-outbox'], queryFn: staffApi.mailOutbox });
  return (
    <QueryContent query={mails} emptyText={t('saPanel.noMail')}>
      {(rows) => (
        <Accordion variant="separated">
          {rows.map((mail) => (
            <Accordion.Item key={mail.id} value={mail.id}>
              <Accordion.Control>
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={600} size="sm">
                    {mail.subject}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {mail.recipient} · {formatDateTime(mail.createdAt)}
                  </Text>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {mail.text}
                </Text>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </QueryContent>
  );
}
