// Every message the server sent or kept: recipients, subjects, delivery status, the text (links
// included) and the names and sizes of its attachments.
import { Accordion, Badge, Group, List, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatDateTime } from '../../shared/format/format';
import { QueryContent } from '../../shared/ui/query-content';
import { staffApi } from './staff-api';

const STATUS_COLORS = { KEPT: 'gray', SENT: 'teal', FAILED: 'red' } as const;

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
                  <Group gap="xs" wrap="nowrap">
                    <Badge size="xs" variant="light" color={STATUS_COLORS[mail.status]}>
                      {t(`saPanel.mailStatus.${mail.status}`)}
                    </Badge>
                    <Text size="xs" c="dimmed">
                      {mail.recipient} · {formatDateTime(mail.createdAt)}
                    </Text>
                  </Group>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {mail.text}
                </Text>
                {mail.attachments.length > 0 && (
                  <List size="sm" mt="sm" aria-label={t('saPanel.attachments')}>
                    {mail.attachments.map((file) => (
                      <List.Item key={file.filename}>
                        {t('saPanel.attachment', {
                          name: file.filename,
                          size: formatBytes(file.bytes),
                        })}
                      </List.Item>
                    ))}
                  </List>
                )}
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </QueryContent>
  );
}
