// The sign-in screen with its image panel (spec 1 §2).
import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiFetch } from '../../shared/api/http';
import { LanguageSwitcher } from '../../app/layout/language-switcher';
import { LoginImagePanel } from './login-image-panel';

export default function LoginPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setFailed(false);
    try {
      await apiFetch('/v1/api/auth/signin', { body: { email: email.trim(), password } });
      window.location.assign('/overview');
    } catch {
      setFailed(true);
    } finally {
      setPending(false);
    }
  }

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing={0} mih="100vh">
      <Stack justify="center" align="center" p="xl">
        <Box w="100%" maw={420}>
          <Group justify="space-between" mb="xl">
            <Text fw={800} size="xl" c="blue.7">
              Tapwise
            </Text>
            <LanguageSwitcher />
          </Group>
          <Paper component="form" onSubmit={(event) => void submit(event)} noValidate>
            <Stack gap="md">
              <div>
                <Title order={1} size="h2">
                  {t('login.title')}
                </Title>
                <Text c="dimmed" mt={4}>
                  {t('login.subtitle')}
                </Text>
              </div>
              {failed && (
                <Alert color="red" icon={<IconAlertCircle />} role="alert">
                  {t('errors.signInFailed')}
                </Alert>
              )}
              <TextInput
                label={t('login.email')}
                type="email"
                autoComplete="email"
                required
                value={email}
                onChange={(event) => setEmail(event.currentTarget.value)}
              />
              <PasswordInput
                label={t('login.password')}
                autoComplete="current-password"
                required
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
              />
              <Group justify="flex-end">
                <Anchor component={Link} to="/forgot-password" size="sm">
                  {t('login.forgotPassword')}
                </Anchor>
              </Group>
              <Button type="submit" loading={pending} disabled={!email || !password} fullWidth>
                {t('login.submit')}
              </Button>
              <Text size="sm" ta="center">
                {t('login.noAccount')}{' '}
                <Anchor component={Link} to="/signup">
                  {t('login.signUp')}
                </Anchor>
              </Text>
            </Stack>
          </Paper>
        </Box>
      </Stack>
      <LoginImagePanel />
    </SimpleGrid>
  );
}
