// The previewed plan as a tree: campaign → ad groups → keywords, with the negatives that keep the
// segments apart. Ad groups open on demand, so a plan of hundreds of keywords renders only what is
// looked at. While `onChange` is given, names, budgets, bids and keywords can be edited.
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconX } from '@tabler/icons-react';
import {
  MATCH_TYPES,
  type GeneratorPlan,
  type GeneratorPlanAdGroup,
  type GeneratorPlanCampaign,
  type MatchType,
} from '@tapwise/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GeneratorErrors } from './generator-values';
import { withAdGroup, withCampaign, withMatchType, withoutKeyword } from './plan-edits';

/** Campaigns shown at first: a 20-country, 5-segment plan stays a short page until asked. */
const PAGE = 25;

interface TreeProps {
  plan: GeneratorPlan;
  /** Server issues by path ("campaigns.0.name"), shown at their field. */
  errors: GeneratorErrors;
  onChange?(plan: GeneratorPlan): void;
}

function useErrorAt(errors: GeneratorErrors) {
  const { t } = useTranslation();
  return (path: string) => (errors[path] ? t(errors[path]) : undefined);
}

function Negatives({ keywords }: { keywords: GeneratorPlanCampaign['negativeKeywords'] }) {
  const { t } = useTranslation();
  if (keywords.length === 0) return null;
  return (
    <Text size="xs" c="dimmed">
      {t('campaignGenerator.plan.negatives', {
        keywords: keywords
          .map(
            (keyword) =>
              `${keyword.text} (${t(`campaignGenerator.matchTypes.${keyword.matchType}`)})`,
          )
          .join(', '),
      })}
    </Text>
  );
}

function AdGroupNode(
  props: TreeProps & { adGroup: GeneratorPlanAdGroup; campaignIndex: number; index: number },
) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const errorAt = useErrorAt(props.errors);
  const { adGroup, plan, campaignIndex, index, onChange } = props;
  const path = `campaigns.${campaignIndex}.adGroups.${index}`;
  const Chevron = open ? IconChevronDown : IconChevronRight;
  return (
    <Stack gap={4} pl="md" data-testid="plan-ad-group">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <ActionIcon
          variant="subtle"
          aria-expanded={open}
          aria-label={t('campaignGenerator.plan.toggleAdGroup', { name: adGroup.name })}
          onClick={() => setOpen((value) => !value)}
        >
          <Chevron size={16} />
        </ActionIcon>
        {onChange ? (
          <TextInput
            size="xs"
            w={260}
            aria-label={t('campaignGenerator.plan.adGroupName')}
            value={adGroup.name}
            onChange={(event) =>
              onChange(withAdGroup(plan, campaignIndex, index, { name: event.currentTarget.value }))
            }
            error={errorAt(`${path}.name`)}
          />
        ) : (
          <Text size="sm" fw={500}>
            {adGroup.name}
          </Text>
        )}
        {onChange ? (
          <TextInput
            size="xs"
            w={110}
            inputMode="decimal"
            aria-label={t('campaignGenerator.plan.defaultBidOf', { name: adGroup.name })}
            value={adGroup.defaultBid}
            onChange={(event) =>
              onChange(
                withAdGroup(plan, campaignIndex, index, { defaultBid: event.currentTarget.value }),
              )
            }
            error={errorAt(`${path}.defaultBid`)}
          />
        ) : (
          <Text size="sm">{t('campaignGenerator.plan.bid', { bid: adGroup.defaultBid })}</Text>
        )}
        {adGroup.searchMatch && (
          <Badge variant="light">{t('campaignGenerator.plan.searchMatch')}</Badge>
        )}
        <Text size="sm" c="dimmed">
          {t('campaignGenerator.plan.keywordCount', { count: adGroup.keywords.length })}
        </Text>
      </Group>
      <Negatives keywords={adGroup.negativeKeywords} />
      {/* Rows exist only while open: a closed ad group costs one line however many keywords. */}
      {open && (
        <Table withRowBorders={false} verticalSpacing={2} ml="xl" w="auto">
          <Table.Tbody>
            {adGroup.keywords.map((keyword, keywordIndex) => (
              <Table.Tr key={`${keyword.text}|${keywordIndex}`} data-testid="plan-keyword">
                <Table.Td>{keyword.text}</Table.Td>
                <Table.Td>
                  {onChange ? (
                    <SegmentedControl
                      size="xs"
                      aria-label={t('campaignGenerator.plan.matchTypeOf', { text: keyword.text })}
                      value={keyword.matchType}
                      data={MATCH_TYPES.map((value) => ({
                        value,
                        label: t(`campaignGenerator.matchTypes.${value}`),
                      }))}
                      onChange={(value) =>
                        onChange(
                          withMatchType(
                            plan,
                            campaignIndex,
                            index,
                            keywordIndex,
                            value as MatchType,
                          ),
                        )
                      }
                    />
                  ) : (
                    t(`campaignGenerator.matchTypes.${keyword.matchType}`)
                  )}
                </Table.Td>
                {onChange && (
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('campaignGenerator.plan.removeKeyword', {
                        text: keyword.text,
                      })}
                      onClick={() =>
                        onChange(withoutKeyword(plan, campaignIndex, index, keywordIndex))
                      }
                    >
                      <IconX size={14} />
                    </ActionIcon>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

function CampaignNode(props: TreeProps & { campaign: GeneratorPlanCampaign; index: number }) {
  const { t } = useTranslation();
  const errorAt = useErrorAt(props.errors);
  const { campaign, plan, index, onChange } = props;
  return (
    <Card withBorder padding="sm" data-testid="plan-campaign">
      <Stack gap="xs">
        <Group gap="xs" align="flex-start">
          <Badge>{campaign.country}</Badge>
          {onChange ? (
            <TextInput
              size="xs"
              w={360}
              aria-label={t('campaignGenerator.plan.campaignName')}
              value={campaign.name}
              onChange={(event) =>
                onChange(withCampaign(plan, index, { name: event.currentTarget.value }))
              }
              error={errorAt(`campaigns.${index}.name`)}
            />
          ) : (
            <Text fw={600}>{campaign.name}</Text>
          )}
          {onChange ? (
            <TextInput
              size="xs"
              w={120}
              inputMode="decimal"
              aria-label={t('campaignGenerator.plan.dailyBudgetOf', { name: campaign.name })}
              value={campaign.dailyBudget}
              onChange={(event) =>
                onChange(withCampaign(plan, index, { dailyBudget: event.currentTarget.value }))
              }
              error={errorAt(`campaigns.${index}.dailyBudget`)}
            />
          ) : (
            <Text size="sm">
              {t('campaignGenerator.plan.dailyBudget', { budget: campaign.dailyBudget })}
            </Text>
          )}
        </Group>
        <Negatives keywords={campaign.negativeKeywords} />
        {campaign.adGroups.map((adGroup, adGroupIndex) => (
          <AdGroupNode
            key={adGroupIndex}
            {...props}
            adGroup={adGroup}
            campaignIndex={index}
            index={adGroupIndex}
          />
        ))}
      </Stack>
    </Card>
  );
}

export function PlanTree(props: TreeProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(PAGE);
  const campaigns = props.plan.campaigns;
  return (
    <Stack gap="sm">
      {campaigns.slice(0, shown).map((campaign, index) => (
        <CampaignNode key={index} {...props} campaign={campaign} index={index} />
      ))}
      {shown < campaigns.length && (
        <Button variant="subtle" onClick={() => setShown((count) => count + PAGE)}>
          {t('campaignGenerator.plan.showMore', { count: campaigns.length - shown })}
        </Button>
      )}
    </Stack>
  );
}
