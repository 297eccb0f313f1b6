// The member's credits ("N of M credits left, refills on DATE"), the no-credits message when the
// balance is spent, and the global limit's message with its refill date once a generation met it.
import { Alert, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { keywordAiApi, keywordAiKeys } from './keyword-ai-api';
import { formatRefillDate } from './refill-date';
import { useAiCredits } from './use-ai-credits';

export function CreditsNotice(props: { globalLimitReached: boolean }) {
  const { t, i18n } = useTranslation();
  const credits = useAiCredits();
  const global = useQuery({
    queryKey: keywordAiKeys.globalCredits,
    queryFn: keywordAiApi.globalCredits,
    enabled: props.globalLimitReached,
  });
  const date = (value: string) => formatRefillDate(value, i18n.language);

  if (props.globalLimitReached) {
    return (
      <Alert color="orange" role="alert">
        {global.data
          ? t('keywordAi.globalLimit', { date: date(global.data.refillsOn) })
          : t('keywordAi.globalLimitNoDate')}
      </Alert>
    );
  }
  if (!credits.data) return null;
  const { remainingUsage, usageLimit, refillsOn } = credits.data;
  if (remainingUsage <= 0) {
    return (
      <Alert color="orange" role="alert">
        {t('keywordAi.noCredits', { date: date(refillsOn) })}
      </Alert>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      {t('keywordAi.credits', {
        remaining: remainingUsage,
        limit: usageLimit,
        date: date(refillsOn),
      })}
    </Text>
  );
}
