// /slack-integration/auth/cb: where Slack sends the member back after the consent page. It
// completes the install with Slack's code and the state it was handed, says how it went
// ("Integration Added Successfully", spec 1 §8) and goes on to /integrations.
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { ERROR_CODES, INTEGRATION_MESSAGES } from '@tapwise/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api/http';
import { notifySuccess } from '../../shared/ui/notify';
import { slackApi, slackKeys } from './slack-api';

export default function SlackCallbackPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const code = params.get('code');
  const state = params.get('state');
  const denied = params.get('error');
  const complete = useMutation({
    mutationFn: () => slackApi.completeInstall(code!, state!),
    onSuccess: () => {
      notifySuccess(t('slack.added', { defaultValue: INTEGRATION_MESSAGES.ADDED }));
      void queryClient.invalidateQueries({ queryKey: slackKeys.all });
      void navigate('/integrations', { replace: true });
    },
  });
  // Once per visit: a state is single use, so a second call would only fail.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || denied || !code || !state) return;
    started.current = true;
    complete.mutate();
  }, [code, state, denied, complete]);

  const failure = denied
    ? t('slack.callbackDenied')
    : !code || !state
      ? t('slack.callbackIncomplete')
      : complete.isError
        ? complete.error instanceof ApiError &&
          complete.error.body?.code === ERROR_CODES.OAUTH_STATE_INVALID
          ? t('slack.callbackStateInvalid')
          : t('slack.callbackFailed')
        : null;

  return (
    <Center mih="60vh" p="md">
      {failure ? (
        <Stack align="center" maw={420}>
          <Alert
            color="red"
            title={t('slack.callbackErrorTitle')}
            data-testid="slack-callback-error"
          >
            {failure}
          </Alert>
          <Button component={Link} to="/integrations" replace>
            {t('slack.backToIntegrations')}
          </Button>
        </Stack>
      ) : (
        <Stack align="center" gap="xs">
          <Loader aria-label={t('slack.connecting')} />
          <Text>{t('slack.connecting')}</Text>
        </Stack>
      )}
    </Center>
  );
}
