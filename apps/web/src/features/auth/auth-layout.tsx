// The frame of every page reached before signing in: the form column and the image panel.
import { Box, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { LAYOUT_PX } from '@tapwise/contracts';
import type { ReactNode } from 'react';
import { LanguageSwitcher } from '../../app/layout/language-switcher';
import { LoginImagePanel } from './login-image-panel';

export function AuthLayout({ children, wide }: { children: ReactNode; wide?: boolean }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing={0} mih="100vh">
      <Stack justify="center" align="center" p="xl">
        <Box w="100%" maw={wide ? LAYOUT_PX.signupCardMaxWidth : 420}>
          <Group justify="space-between" mb="xl">
            <Text fw={800} size="xl" c="blue.7">
              Tapwise
            </Text>
            <LanguageSwitcher />
          </Group>
          {children}
        </Box>
      </Stack>
      <LoginImagePanel />
    </SimpleGrid>
  );
}
