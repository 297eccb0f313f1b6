// The pieces every sign-in, sign-up and account form shares: the form card, its heading and the
// alert that says why the server refused it.
import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';

export function AuthForm({
  onSubmit,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <Paper component="form" onSubmit={onSubmit} noValidate>
      <Stack gap="md">{children}</Stack>
    </Paper>
  );
}

export function FormHeading({ title, subtitle }: { title: string; subtitle?: string }) {
  const heading = (
    <Title order={1} size="h2">
      {title}
    </Title>
  );
  if (subtitle === undefined) return heading;
  return (
    <div>
      {heading}
      <Text c="dimmed" mt={4}>
        {subtitle}
      </Text>
    </div>
  );
}

/** The failure of the last submission, or nothing while there is none. */
export function FormFailure({ message, icon }: { message: string | null; icon?: ReactNode }) {
  if (message === null) return null;
  return (
    <Alert color="red" icon={icon} role="alert">
      {message}
    </Alert>
  );
}
