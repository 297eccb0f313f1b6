// Connecting Apple Ads (issue 5): (1) a key pair whose public key the user uploads in Apple Ads,
// (2) the identifiers Apple shows for it; on success the first sync starts and the integration's
// state (its ad accounts, a read-only warning) replaces the flow.
import { Stepper } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS, writeStored } from '../../shared/storage/browser-storage';
import { notifySuccess } from '../../shared/ui/notify';
import { useSyncStatus } from '../sync/sync-status';
import { AppleAdsCredentialsForm } from './apple-ads-credentials-form';
import { AppleAdsKeyStep } from './apple-ads-key-step';
import { integrationKeys, invalidateIntegration, type AddedIntegration } from './integrations-api';

export function ConnectAppleAds() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { check } = useSyncStatus();
  const [step, setStep] = useState(0);
  const [publicKeyPem, setPublicKeyPem] = useState<string | null>(null);
  const [ownKey, setOwnKey] = useState(false);

  function onConnected(result: AddedIntegration) {
    writeStored(STORAGE_KEYS.isRefetchRequired, result.syncId);
    notifySuccess(t('integrations.added'));
    check();
    queryClient.setQueryData(integrationKeys.details, result.integration);
    void invalidateIntegration(queryClient);
  }

  return (
    <Stepper
      active={step}
      onStepClick={setStep}
      allowNextStepsSelect={false}
      data-testid="connect-apple-ads"
    >
      <Stepper.Step label={t('connect.keyStep')} description={t('connect.keyStepHint')}>
        <AppleAdsKeyStep
          publicKeyPem={publicKeyPem}
          onGenerated={setPublicKeyPem}
          onNext={(own) => {
            setOwnKey(own);
            setStep(1);
          }}
        />
      </Stepper.Step>
      <Stepper.Step
        label={t('connect.credentialsStep')}
        description={t('connect.credentialsStepHint')}
      >
        <AppleAdsCredentialsForm
          ownKey={ownKey}
          onBack={() => setStep(0)}
          onConnected={onConnected}
        />
      </Stepper.Step>
    </Stepper>
  );
}
