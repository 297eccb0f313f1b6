// The frame every page sits in: its title, and the content or an empty state.
import { Container, EmptyState, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface PageFrameProps {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}

export function PageFrame({ title, actions, children }: PageFrameProps) {
  return (
    <Container fluid p="lg">
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1} size="h2">
            {title}
          </Title>
          {actions}
        </Group>
        {children}
      </Stack>
    </Container>
  );
}

export interface EmptyPageStateProps {
  icon: ReactNode;
  title: string;
  description: string;
  action?: ReactNode;
}

export function EmptyPageState({ icon, title, description, action }: EmptyPageStateProps) {
  return (
    <EmptyState
      py={64}
      variant="light"
      icon={icon}
      title={title}
      description={description}
      data-testid="empty-state"
    >
      {action && <EmptyState.Actions>{action}</EmptyState.Actions>}
    </EmptyState>
  );
}
