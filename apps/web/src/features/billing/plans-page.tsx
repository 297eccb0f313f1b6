// /subscription-plan and /pricing-plan (spec 1 §3): the plans of the contracts — growth bought
// here by card, monthly or yearly; enterprise through support — beside the company's current plan
// and trial. Prices live in the provider's catalogue and are not repeated here
// (docs/billing-pages.md).
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  List,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import {
  BILLING_PERIODS,
  ENTERPRISE_FEATURES,
  PLAN_IDS,
  PLANS,
  planPriceId,
  type BillingPeriod,
  type PlanId,
} from '@tapwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasPermission } from '../auth/session/session-access';
import { useSession } from '../auth/session/use-session';
import { billingApi, billingKeys } from './billing-api';
import { BillingPageFrame } from './billing-page-frame';
import { useBillingStatus } from './billing-status';
import { BillingSummary } from './billing-summary';
import { openEnterpriseUpgrade } from './enterprise-upgrade';
import { liveSubscription, useChoosePlan } from './use-choose-plan';

export default function PlansPage(props: { page: 'subscriptionPlan' | 'pricingPlan' }) {
  const { t } = useTranslation();
  return (
    <BillingPageFrame title={t(`pages.${props.page}.title`)}>
      <Plans />
    </BillingPageFrame>
  );
}

function Plans() {
  const { t } = useTranslation();
  const session = useSession();
  const canWrite = hasPermission(session, 'billing.write');
  const { status } = useBillingStatus();
  const subscriptions = useQuery({
    queryKey: billingKeys.subscriptions,
    queryFn: billingApi.subscriptions,
    enabled: hasPermission(session, 'billing.read'),
  });
  const live = liveSubscription(subscriptions.data);
  const [period, setPeriod] = useState<BillingPeriod>('month');
  const { choose, pending, choosing } = useChoosePlan(live);

  return (
    <Stack gap="lg">
      <BillingSummary status={status} subscription={live} />
      {!canWrite && <Alert color="blue">{t('billing.plans.adminsOnly')}</Alert>}
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('billing.plans.title')}
        </Title>
        <SegmentedControl
          aria-label={t('billing.period.label')}
          value={period}
          onChange={(value) => setPeriod(value as BillingPeriod)}
          data={BILLING_PERIODS.map((value) => ({ value, label: t(`billing.period.${value}`) }))}
        />
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {PLAN_IDS.map((plan) => (
          <PlanCard
            key={plan}
            plan={plan}
            current={live ? live.priceId === planPriceId(plan, period) : false}
            currentPlan={status.plan === plan}
            canWrite={canWrite}
            busy={pending && choosing?.plan === plan}
            disabled={pending}
            onChoose={() => void choose({ plan, period })}
            hasSubscription={Boolean(live)}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function PlanCard(props: {
  plan: PlanId;
  current: boolean;
  currentPlan: boolean;
  canWrite: boolean;
  busy: boolean;
  disabled: boolean;
  hasSubscription: boolean;
  onChoose(): void;
}) {
  const { t } = useTranslation();
  const definition = PLANS[props.plan];
  const name = t(`billing.plans.${props.plan}.name`);
  return (
    <Card withBorder padding="lg" component="article" aria-label={name} data-testid="plan-card">
      <Stack gap="md" h="100%">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {name}
          </Title>
          {props.currentPlan && <Badge variant="light">{t('billing.plans.currentPlan')}</Badge>}
        </Group>
        <Text size="sm" c="dimmed">
          {t(`billing.plans.${props.plan}.description`)}
        </Text>
        <List spacing={4} size="sm" icon={<IconCheck size={14} aria-hidden />}>
          <List.Item>{t('billing.features.core')}</List.Item>
          {ENTERPRISE_FEATURES.filter((feature) => definition.features.includes(feature)).map(
            (feature) => (
              <List.Item key={feature}>{t(`billing.features.${feature}`)}</List.Item>
            ),
          )}
        </List>
        <Group mt="auto">
          {!definition.selfServe ? (
            <Button onClick={openEnterpriseUpgrade} variant="light">
              {t('billing.plans.contactSupport')}
            </Button>
          ) : props.current ? (
            <Button disabled>{t('billing.plans.currentPrice')}</Button>
          ) : (
            props.canWrite && (
              <Button
                onClick={props.onChoose}
                loading={props.busy}
                disabled={props.disabled && !props.busy}
              >
                {t(props.hasSubscription ? 'billing.plans.changeTo' : 'billing.plans.subscribeTo', {
                  plan: name,
                })}
              </Button>
            )
          )}
          {props.hasSubscription && props.currentPlan && (
            <Button component={Link} to="/manage-subscription" variant="subtle">
              {t('billing.manage.title')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
