// A new scripted rule starts from a playbook re-created as a script (scriptTemplate) or from a
// blank script. "Promote search terms" asks first for the ad group that receives the terms, as
// the rule builder's template does, and writes it into the script.
import { Button, Group, Modal, Select, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  RULE_TEMPLATE_IDS,
  scriptTemplate,
  type RuleTemplateId,
  type ScriptedRuleInput,
} from '@tapwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { builderApi, builderKeys } from '../automation/rule-builder/builder-api';
import classes from '../automation/rule-builder/rule-builder.module.css';
import { accountsOf, useAppsWithOrg } from '../automation/rule-builder/use-scope-options';

/** A blank script: a loop to fill in, on the rule builder's default schedule. */
export function blankScript(): ScriptedRuleInput {
  return {
    name: '',
    source: `// Read entities with tw.campaigns(), tw.adGroups(), tw.keywords() or tw.searchTerms(),
// then propose changes: tw.pause(), tw.changeBid(), tw.changeBudget(), ...
for (const keyword of tw.keywords({ lookback: 'LAST_7_DAYS' })) {
  tw.log(keyword.name, keyword.metrics.spend);
}
`,
    blocks: null,
    checkFrequency: 'DAILY',
    actionLimitFrequency: null,
    runUntil: null,
    caps: {},
  };
}

export function TemplateStart(props: {
  opened: boolean;
  onClose(): void;
  onPick(draft: ScriptedRuleInput): void;
}) {
  const { t } = useTranslation();
  const [promote, setPromote] = useState(false);
  const close = () => {
    setPromote(false);
    props.onClose();
  };
  const pick = (draft: ScriptedRuleInput) => {
    setPromote(false);
    props.onPick(draft);
  };
  const start = (id: RuleTemplateId) =>
    id === 'PROMOTE_SEARCH_TERMS' ? setPromote(true) : pick(scriptTemplate(id));

  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title={t('scriptedRules.templates.title')}
      size="lg"
    >
      {promote ? (
        <PromoteTarget
          onCancel={() => setPromote(false)}
          onChoose={(promoteTo) => pick(scriptTemplate('PROMOTE_SEARCH_TERMS', promoteTo))}
        />
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('scriptedRules.templates.intro')}
          </Text>
          {RULE_TEMPLATE_IDS.map((id) => (
            <UnstyledButton key={id} className={classes.template} onClick={() => start(id)}>
              <Text fw={600}>{t(`automation.templates.${id}.name`)}</Text>
              <Text size="sm" c="dimmed">
                {t(`automation.templates.${id}.description`)}
              </Text>
            </UnstyledButton>
          ))}
          <UnstyledButton className={classes.template} onClick={() => pick(blankScript())}>
            <Text fw={600}>{t('scriptedRules.templates.blank')}</Text>
            <Text size="sm" c="dimmed">
              {t('scriptedRules.templates.blankDescription')}
            </Text>
          </UnstyledButton>
        </Stack>
      )}
    </Modal>
  );
}

/** The ad account and ad group that receive promoted search terms. */
function PromoteTarget(props: {
  onCancel(): void;
  onChoose(promoteTo: { adAccountId: number; adGroupId: number }): void;
}) {
  const { t } = useTranslation();
  const accounts = accountsOf(useAppsWithOrg());
  const [adAccountId, setAdAccountId] = useState(0);
  const [adGroupId, setAdGroupId] = useState(0);
  const adGroups = useQuery({
    queryKey: builderKeys.accountAdGroups(adAccountId),
    queryFn: () => builderApi.accountAdGroups(adAccountId),
    enabled: adAccountId > 0,
  });
  const byCampaign = new Map<string, { value: string; label: string }[]>();
  for (const group of adGroups.data ?? []) {
    const items = byCampaign.get(group.campaignName) ?? [];
    items.push({ value: String(group.id), label: group.name });
    byCampaign.set(group.campaignName, items);
  }
  return (
    <Stack gap="sm">
      <Text size="sm">{t('scriptedRules.templates.promoteTo')}</Text>
      <Select
        label={t('automation.builder.keyword.account')}
        data={accounts.map((app) => ({ value: String(app.adAccountId), label: app.adAccountName }))}
        value={adAccountId > 0 ? String(adAccountId) : null}
        onChange={(value) => {
          setAdAccountId(Number(value ?? 0));
          setAdGroupId(0);
        }}
        allowDeselect={false}
      />
      <Select
        label={t('automation.builder.keyword.adGroup')}
        data={[...byCampaign].map(([group, items]) => ({ group, items }))}
        value={adGroupId > 0 ? String(adGroupId) : null}
        onChange={(value) => setAdGroupId(Number(value ?? 0))}
        disabled={adAccountId <= 0}
        allowDeselect={false}
        searchable
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onCancel}>
          {t('common.cancel')}
        </Button>
        <Button
          disabled={adGroupId <= 0}
          onClick={() => props.onChoose({ adAccountId, adGroupId })}
        >
          {t('scriptedRules.templates.use')}
        </Button>
      </Group>
    </Stack>
  );
}
