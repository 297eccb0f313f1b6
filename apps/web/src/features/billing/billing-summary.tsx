// The company's plan at a glance: plan, state, and the trial end or next billing date.
import { Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BillingSubscription } from './billing-api';
import type { BillingStatus } from './billing-status';
import { formatBillingDate } from './billing-messages';

const STATUS_COLOR: Record<string, string> = {
  trial: 'blue',
  active: 'teal',
  on_hold: 'orange',
  cancelled: 'red',
};

function Fact(props: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {props.label}
      </Text>
      <Text fw={500} data-testid={props.testId}>
        {props.value || '—'}
      </Text>
    </Stack>
  );
}

export function BillingSummary(props: {
  status: BillingStatus;
  subscription?: BillingSubscription | undefined;
}) {
  const { t } = useTranslation();
  const { status, subscription } = props;
  const ending = subscription?.providerStatus === 'non_renewing';
  return (
    <Card withBorder padding="lg" component="section" aria-label={t('billing.summary.title')}>
      <Stack gap="md">
        <Group gap="sm">
          <Text fw={600} size="lg" data-testid="current-plan">
            {status.plan ? t(`billing.plans.${status.plan}.name`) : t('billing.summary.noPlan')}
          </Text>
          {status.status && (
            <Badge color={STATUS_COLOR[status.status] ?? 'gray'} variant="light">
              {t(`billing.status.${status.status}`)}
            </Badge>
          )}
          {ending && (
            <Badge color="orange" variant="outline">
              {t('billing.summary.ending')}
            </Badge>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {status.status === 'trial' && (
            <Fact
              label={t('billing.summary.trialEnd')}
              value={formatBillingDate(status.trialEnd)}
              testId="trial-end"
            />
          )}
          {ending ? (
            <Fact
              label={t('billing.summary.endsOn')}
              value={formatBillingDate(status.currentTermEnd)}
              testId="ends-on"
            />
          ) : (
            <Fact
              label={t('billing.summary.nextBilling')}
              value={formatBillingDate(status.nextBillingAt)}
              testId="next-billing"
            />
          )}
          {subscription && (
            <Fact
              label={t('billing.summary.termEnd')}
              value={formatBillingDate(subscription.currentTermEnd)}
              testId="term-end"
            />
          )}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
