// The top bar's currency (spec 1 §2): the company's reporting currency, into which totals of
// several currencies are converted at daily reference rates. Admins pick it from the currencies
// the ECB publishes; every other member sees it with what it means.
import { Badge, Select, Tooltip } from '@mantine/core';
import { REPORTING_CURRENCIES } from '@tapwise/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { hasPermission } from '../auth/session/session-access';
import { useSession } from '../auth/session/use-session';
import { currencyApi, currencyKeys } from './currency-api';
import { useCurrencyInfo, useReportingCurrency } from './use-currency-info';

const OPTIONS = REPORTING_CURRENCIES.map((currency) => ({ value: currency, label: currency }));

export function CurrencyPicker() {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const info = useCurrencyInfo();
  const currency = useReportingCurrency();
  const change = useMutation({
    mutationFn: currencyApi.setReportingCurrency,
    onSuccess: (updated) => {
      queryClient.setQueryData(currencyKeys.info, updated);
      // Every converted figure on screen was in the previous currency.
      void queryClient.invalidateQueries({ queryKey: ['adsManager'] });
      notifySuccess(t('topBar.currencyChanged', { currency: updated.currency }));
    },
    onError: () => notifyError(t('errors.generic')),
  });
  const hint = t('topBar.currencyHint', { currency });
  if (!hasPermission(session, 'integrations.write') || !info.data)
    return (
      <Tooltip label={hint} multiline w={260}>
        <Badge
          variant="outline"
          color="gray"
          aria-label={`${t('topBar.currency')}: ${currency}`}
          data-testid="currency"
          tabIndex={0}
          style={{ flexShrink: 0 }}
        >
          {currency}
        </Badge>
      </Tooltip>
    );
  return (
    <Tooltip label={hint} multiline w={260}>
      <Select
        size="xs"
        w={90}
        data={OPTIONS}
        value={currency}
        searchable
        allowDeselect={false}
        disabled={change.isPending}
        aria-label={t('topBar.currency')}
        data-testid="currency"
        onChange={(value) => value && value !== currency && change.mutate(value)}
        comboboxProps={{ withinPortal: true }}
      />
    </Tooltip>
  );
}
