// Step 2 of connecting Apple Ads: client ID, team ID and key ID (and the user's own private key
// when they brought one), checked with the contracts schema the server applies. A custom API
// address is for test servers (the sandbox), offered only where the server allows it.
import { Accordion, Alert, Button, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { ERROR_CODES, addIntegrationInput, type AddIntegrationInput } from '@tapwise/contracts';
import { useTranslation } from 'react-i18next';
import { useClientConfig } from '../../shared/api/client-config';
import { ApiError } from '../../shared/api/http';
import { useSchemaForm, type FormSchema } from '../../shared/forms/use-schema-form';
import { useSubmission } from '../../shared/forms/use-submission';
import type { AddedIntegration } from './integrations-api';
import { integrationsApi } from './integrations-api';

const EMPTY = { clientId: '', teamId: '', keyId: '', privateKeyPem: '', baseUrl: '', tokenUrl: '' };
type CredentialValues = typeof EMPTY;

/** Blank optional fields are left out rather than sent empty. */
const credentialsSchema: FormSchema<AddIntegrationInput> = {
  safeParse: (values) =>
    addIntegrationInput.safeParse(
      Object.fromEntries(
        Object.entries(values as CredentialValues).filter(([, value]) => value.trim() !== ''),
      ),
    ),
};

/** The message key of a refused connection. */
export function connectFailure(error: unknown): string {
  const code = error instanceof ApiError ? error.body?.code : undefined;
  if (code === ERROR_CODES.APPLE_ADS_REJECTED) return 'connect.rejected';
  if (code === ERROR_CODES.CONFLICT) return 'connect.exists';
  if (error instanceof ApiError && error.status === 400) return 'connect.refused';
  return 'errors.generic';
}

export interface AppleAdsCredentialsFormProps {
  ownKey: boolean;
  onBack(): void;
  onConnected(result: AddedIntegration): void;
}

export function AppleAdsCredentialsForm({
  ownKey,
  onBack,
  onConnected,
}: AppleAdsCredentialsFormProps) {
  const { t } = useTranslation();
  const { appleAdsCustomUrls } = useClientConfig();
  const form = useSchemaForm(credentialsSchema, EMPTY);
  const submission = useSubmission();
  const connect = (input: AddIntegrationInput) =>
    submission.send(async () => {
      onConnected(
        await integrationsApi.add(ownKey ? input : { ...input, privateKeyPem: undefined }),
      );
    }, connectFailure);
  const privateKey = form.field('privateKeyPem');

  return (
    <form noValidate onSubmit={form.onSubmit(connect)}>
      <Stack gap="md">
        <TextInput
          label={t('integrations.clientId')}
          required
          data-autofocus
          {...form.field('clientId')}
        />
        <TextInput label={t('connect.teamId')} required {...form.field('teamId')} />
        <TextInput label={t('integrations.keyId')} required {...form.field('keyId')} />
        {ownKey && (
          <Textarea
            label={t('connect.privateKey')}
            description={t('connect.privateKeyHint')}
            required
            autosize
            minRows={4}
            name={privateKey.name}
            value={privateKey.value}
            error={privateKey.error}
            onChange={(event) => form.setValue('privateKeyPem', event.currentTarget.value)}
          />
        )}
        {appleAdsCustomUrls && (
          <Accordion variant="contained">
            <Accordion.Item value="api-address">
              <Accordion.Control>{t('connect.advanced')}</Accordion.Control>
              <Accordion.Panel>
                <Stack gap="sm">
                  <TextInput label={t('connect.baseUrl')} {...form.field('baseUrl')} />
                  <TextInput label={t('connect.tokenUrl')} {...form.field('tokenUrl')} />
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          </Accordion>
        )}
        {submission.failure && (
          <Alert color="red" role="alert">
            {t(submission.failure)}
          </Alert>
        )}
        <Group>
          <Button variant="default" onClick={onBack}>
            {t('connect.back')}
          </Button>
          <Button type="submit" loading={submission.pending}>
            {t('connect.connect')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
