// The onboarding checklist (spec 2 §3.5): a top-bar button opening a panel with the member's
// progress, each item linking to the page where it is done and ticked as soon as it is. Visiting
// a page-visit item's page ticks it. Hidden once every item is done.
import {
  Anchor,
  Button,
  Group,
  Popover,
  Progress,
  RingProgress,
  ScrollArea,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { IconCheck, IconCircleDashed, IconListCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isOnboarded } from '../auth/session/session-access';
import { useSession } from '../auth/session/use-session';
import { CHECKLIST_LINKS, CHECKLIST_ORDER, visitFlagOf } from './checklist-items';
import { onboardingApi, onboardingKeys, type Checklist } from './onboarding-api';
import { TOUR_START_HREF } from './tour-steps';

/**
 * Until the checklist is complete it is read again now and then, and on every page change; once
 * complete it is hidden for good and never read again.
 */
const REFRESH_MS = 30_000;

function useChecklist(userId: string | null) {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const checklist = useQuery({
    queryKey: onboardingKeys.checklist(userId ?? ''),
    queryFn: () => onboardingApi.checklist(userId!),
    enabled: userId !== null,
    refetchInterval: (query) => (query.state.data?.complete ? false : REFRESH_MS),
  });
  const tick = useMutation({
    mutationFn: (flag: NonNullable<ReturnType<typeof visitFlagOf>>) =>
      onboardingApi.tick(userId!, flag),
    onSettled: () => queryClient.invalidateQueries({ queryKey: onboardingKeys.checklist(userId!) }),
  });
  const data = checklist.data;
  const complete = data?.complete === true;
  const { mutate } = tick;
  useEffect(() => {
    if (!userId || !data) return;
    const flag = visitFlagOf(pathname);
    if (flag && !data.items.find((item) => item.flag === flag)?.doneAt) mutate(flag);
  }, [pathname, userId, data, mutate]);
  // A real action done on the page just left (a campaign, a rule) shows at once.
  useEffect(() => {
    if (userId && !complete)
      void queryClient.invalidateQueries({ queryKey: onboardingKeys.checklist(userId) });
  }, [pathname, userId, complete, queryClient]);
  return checklist;
}

function ChecklistPanel({ checklist, onNavigate }: { checklist: Checklist; onNavigate(): void }) {
  const { t } = useTranslation();
  const doneAt = new Map(checklist.items.map((item) => [item.flag, item.doneAt]));
  const percent = Math.round((checklist.done / checklist.total) * 100);
  return (
    <Stack gap="sm" w={320} data-testid="checklist-panel">
      <Text fw={600}>{t('onboarding.checklist.title')}</Text>
      <Text size="sm" c="dimmed">
        {t('onboarding.checklist.progress', { done: checklist.done, total: checklist.total })}
      </Text>
      <Progress value={percent} aria-label={t('onboarding.checklist.title')} />
      <ScrollArea.Autosize mah={360}>
        <Stack gap={6}>
          {CHECKLIST_ORDER.map((flag) => {
            const done = Boolean(doneAt.get(flag));
            return (
              <Group key={flag} gap="xs" wrap="nowrap" data-testid={`checklist-item-${flag}`}>
                <ThemeIcon
                  size="sm"
                  radius="xl"
                  variant={done ? 'filled' : 'light'}
                  color={done ? 'teal' : 'gray'}
                  aria-label={t(done ? 'onboarding.checklist.done' : 'onboarding.checklist.toDo')}
                  data-done={done}
                >
                  {done ? <IconCheck size={12} /> : <IconCircleDashed size={12} />}
                </ThemeIcon>
                <Anchor
                  component={Link}
                  to={CHECKLIST_LINKS[flag]}
                  size="sm"
                  c={done ? 'dimmed' : undefined}
                  td={done ? 'line-through' : undefined}
                  onClick={onNavigate}
                >
                  {t(`onboarding.items.${flag}`)}
                </Anchor>
              </Group>
            );
          })}
        </Stack>
      </ScrollArea.Autosize>
      <Button component={Link} to={TOUR_START_HREF} variant="light" size="xs" onClick={onNavigate}>
        {t('onboarding.tour.start')}
      </Button>
    </Stack>
  );
}

export function ChecklistButton() {
  const { t } = useTranslation();
  const session = useSession();
  const userId = session && isOnboarded(session) ? session.claims.UserId : null;
  const checklist = useChecklist(userId);
  const [opened, setOpened] = useState(false);
  const data = checklist.data;
  if (!data || data.complete) return null;
  const percent = Math.round((data.done / data.total) * 100);
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      withinPortal
      shadow="md"
      trapFocus
    >
      <Popover.Target>
        <Button
          variant="default"
          size="xs"
          onClick={() => setOpened((open) => !open)}
          leftSection={
            <RingProgress
              size={22}
              thickness={3}
              sections={[{ value: percent, color: 'teal' }]}
              label={<IconListCheck size={10} style={{ display: 'block', margin: 'auto' }} />}
            />
          }
          aria-label={t('onboarding.checklist.open')}
          data-testid="checklist-button"
        >
          {data.done}/{data.total}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <ChecklistPanel checklist={data} onNavigate={() => setOpened(false)} />
      </Popover.Dropdown>
    </Popover>
  );
}
