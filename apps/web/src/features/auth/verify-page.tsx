// /verify?token= : the link of the verification e-mail. It verifies the address, signs the user
// in and continues to profile completion.
import { Alert, Anchor, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { PageLoader } from '../../app/page-loader';
import { authApi } from './auth-api';
import { AuthLayout } from './auth-layout';
import { storeSession } from './session/session-store';

export default function VerifyPage() {
  const { t } = useTranslation();
  const token = useSearchParams()[0].get('token') ?? '';
  const verification = useQuery({
    queryKey: ['auth', 'verify', token],
    queryFn: async () => {
      storeSession(await authApi.verifyEmail(token));
      return true;
    },
    enabled: token.length > 0,
    retry: false,
    staleTime: Infinity,
  });

  if (verification.isSuccess) return <Navigate to="/onboard" replace />;
  if (token && verification.isPending) return <PageLoader />;
  return (
    <AuthLayout>
      <Stack gap="md">
        <Alert color="red" role="alert" title={t('verify.failedTitle')}>
          {t('verify.failed')}
        </Alert>
        <Anchor component={Link} to="/login">
          {t('common.backToLogin')}
        </Anchor>
      </Stack>
    </AuthLayout>
  );
}
