// Settings → Billing address (spec 2 §3.8): checked with billingAddressSchema, the country from
// the ISO list in the interface language; saving shows "billing information updated".
import {
  Alert,
  Button,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { billingAddressSchema, type BillingAddress } from '@tapwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors } from '../../shared/api/api-error';
import { useSchemaForm } from '../../shared/forms/use-schema-form';
import { notifySuccess } from '../../shared/ui/notify';
import { PanelFailure } from '../../shared/ui/panel';
import { countryOptions } from '../ads-manager/actions/country-names';
import { billingApi, billingKeys } from './billing-api';
import { billingFailureKey } from './billing-messages';

const FIELDS = [
  'company',
  'line1',
  'line2',
  'line3',
  'city',
  'zip',
  'country',
  'vat_number',
] as const;
type AddressValues = Record<(typeof FIELDS)[number], string>;

function valuesOf(address: BillingAddress | null): AddressValues {
  return Object.fromEntries(FIELDS.map((name) => [name, address?.[name] ?? ''])) as AddressValues;
}

/** Empty optional fields are left out rather than sent as empty strings. */
function withoutEmpty(address: BillingAddress): BillingAddress {
  return Object.fromEntries(
    Object.entries(address).filter(([, value]) => value !== undefined && value !== ''),
  ) as BillingAddress;
}

export function BillingAddressSection(props: { canWrite: boolean }) {
  const { t } = useTranslation();
  const address = useQuery({ queryKey: billingKeys.address, queryFn: billingApi.address });
  return (
    <Stack gap="sm" component="section" aria-labelledby="billing-address-title">
      <Title order={2} size="h4" id="billing-address-title">
        {t('billing.address.title')}
      </Title>
      {address.isPending ? (
        <Skeleton height={200} aria-label={t('billing.address.loading')} />
      ) : address.isError ? (
        <PanelFailure onRetry={() => void address.refetch()} />
      ) : (
        <BillingAddressForm initial={address.data} canWrite={props.canWrite} />
      )}
    </Stack>
  );
}

function BillingAddressForm(props: { initial: BillingAddress | null; canWrite: boolean }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const form = useSchemaForm(billingAddressSchema, valuesOf(props.initial));
  const [failure, setFailure] = useState<string | null>(null);
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const save = useMutation({
    mutationFn: (input: BillingAddress) => billingApi.saveAddress(withoutEmpty(input)),
    onSuccess: (saved) => {
      notifySuccess(t('billing.address.updated'));
      queryClient.setQueryData(billingKeys.address, saved);
    },
    onError: (error) => {
      form.setErrors(serverFieldErrors(error));
      setFailure(billingFailureKey(error, 'billing.address.saveFailed'));
    },
  });
  const submit = form.onSubmit((input) => {
    setFailure(null);
    save.mutate(input);
  });
  const countryError = form.errors.country;
  const readOnly = !props.canWrite;

  return (
    <form noValidate onSubmit={submit} aria-label={t('billing.address.title')}>
      <Stack gap="sm" maw={720}>
        <TextInput
          label={t('billing.address.company')}
          autoComplete="organization"
          readOnly={readOnly}
          {...form.field('company')}
        />
        <TextInput
          label={t('billing.address.line1')}
          autoComplete="address-line1"
          required
          readOnly={readOnly}
          {...form.field('line1')}
        />
        <TextInput
          label={t('billing.address.line2')}
          autoComplete="address-line2"
          readOnly={readOnly}
          {...form.field('line2')}
        />
        <TextInput
          label={t('billing.address.line3')}
          autoComplete="address-line3"
          readOnly={readOnly}
          {...form.field('line3')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('billing.address.city')}
            autoComplete="address-level2"
            required
            readOnly={readOnly}
            {...form.field('city')}
          />
          <TextInput
            label={t('billing.address.zip')}
            autoComplete="postal-code"
            readOnly={readOnly}
            {...form.field('zip')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('billing.address.country')}
            data={countries}
            searchable
            required
            readOnly={readOnly}
            value={form.values.country || null}
            onChange={(value) => form.setValue('country', value ?? '')}
            error={countryError ? t(countryError) : undefined}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label={t('billing.address.vatNumber')}
            readOnly={readOnly}
            {...form.field('vat_number')}
          />
        </SimpleGrid>
        {failure && (
          <Alert color="red" role="alert">
            {t(failure)}
          </Alert>
        )}
        {props.canWrite && (
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t('billing.address.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
