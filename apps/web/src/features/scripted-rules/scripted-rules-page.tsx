// /scripted-rule, the "Automation Studio" (spec 1 §2): the company's scripted rules, written in
// code or blocks from a playbook template or a blank script, tested, backtested, saved (and
// enabled), run and reverted on the rule engine; and the custom functions scripts import. Until
// an admin turns scripted rules on (toggleAutomationV2), none runs on schedule: the page says so,
// and writing and testing still work.
import '@mantine/dates/styles.css';
import { Button, Card, Group, Skeleton, Stack, Switch, Tabs, Text, Title } from '@mantine/core';
import { IconCode, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OverviewDates } from '../../shared/period/period-picker';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { PageFrame } from '../../shared/ui/page-frame';
import { KillSwitchBanner } from '../automation/kill-switch';
import { RUN_POLL_MS } from '../automation/run-details';
import { CustomFunctionsPanel } from './custom-functions-panel';
import { ScriptEditor } from './script-editor';
import { useScriptedRulesAccess } from './scripted-rules-access';
import { scriptedRulesApi, scriptedRulesKeys, type ScriptedRule } from './scripted-rules-api';
import { scriptFailureMessage } from './scripted-rules-messages';
import { ScriptsTable } from './scripts-table';
import { TemplateStart } from './template-start';
import type { ScriptDraft } from './use-script-form';

type PageTab = 'scripts' | 'functions';

/** The script open in the editor: a saved one, or a new draft (a key per new start). */
interface Editing {
  rule: ScriptedRule | null;
  draft: ScriptDraft;
  key: string;
}

export default function ScriptedRulesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const access = useScriptedRulesAccess();
  const [tab, setTab] = useState<PageTab>('scripts');
  const [picking, setPicking] = useState(false);
  const [editing, setEditing] = useState<Editing | null>(null);
  const studio = useQuery({
    queryKey: scriptedRulesKeys.studio,
    queryFn: scriptedRulesApi.studioOn,
  });
  const rules = useQuery({
    queryKey: scriptedRulesKeys.rules,
    queryFn: scriptedRulesApi.rules,
    refetchInterval: (query) =>
      query.state.data?.some((rule) => rule.lastRunStatus === 'PENDING') ? RUN_POLL_MS : false,
  });
  const toggle = useMutation({
    mutationFn: scriptedRulesApi.toggleStudio,
    onSuccess: (result, on) => {
      notifySuccess(
        t(on ? 'scriptedRules.studio.turnedOn' : 'scriptedRules.studio.turnedOff', {
          defaultValue: result.successMessage,
        }),
      );
      queryClient.setQueryData(scriptedRulesKeys.studio, on);
      void queryClient.invalidateQueries({ queryKey: scriptedRulesKeys.rules });
    },
    onError: (error) => notifyError(scriptFailureMessage(error)),
  });

  const open = (rule: ScriptedRule) =>
    setEditing({ rule, draft: rule.definition, key: `${rule.id}-${rule.updatedAt}` });

  return (
    <OverviewDates>
      <PageFrame
        title={t('scriptedRules.page.title')}
        actions={
          <Group gap="md">
            {studio.data && access.canSwitch && (
              <Switch
                label={t('scriptedRules.studio.switch')}
                checked
                disabled={toggle.isPending}
                onChange={() => toggle.mutate(false)}
              />
            )}
            {access.canWrite && !editing && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setPicking(true)}>
                {t('scriptedRules.list.new')}
              </Button>
            )}
          </Group>
        }
      >
        <KillSwitchBanner />
        {studio.isPending ? (
          <Skeleton height={40} />
        ) : (
          studio.data === false && (
            <StudioOptIn
              canSwitch={access.canSwitch}
              pending={toggle.isPending}
              onTurnOn={() => toggle.mutate(true)}
            />
          )
        )}
        {editing ? (
          <ScriptEditor
            key={editing.key}
            rule={editing.rule}
            initial={editing.draft}
            canWrite={access.canWrite}
            onClose={() => setEditing(null)}
            onSaved={open}
          />
        ) : (
          <Tabs
            value={tab}
            onChange={(value) => setTab(value === 'functions' ? 'functions' : 'scripts')}
          >
            <Tabs.List aria-label={t('scriptedRules.page.tabsLabel')}>
              <Tabs.Tab value="scripts">{t('scriptedRules.page.scripts')}</Tabs.Tab>
              <Tabs.Tab value="functions">{t('scriptedRules.page.functions')}</Tabs.Tab>
            </Tabs.List>
            <Stack pt="md">
              <Tabs.Panel value="scripts">
                <ScriptsTable
                  rules={rules}
                  canWrite={access.canWrite}
                  onCreate={() => setPicking(true)}
                  onOpen={open}
                />
              </Tabs.Panel>
              <Tabs.Panel value="functions">
                {tab === 'functions' && <CustomFunctionsPanel canWrite={access.canWrite} />}
              </Tabs.Panel>
            </Stack>
          </Tabs>
        )}
      </PageFrame>
      <TemplateStart
        opened={picking}
        onClose={() => setPicking(false)}
        onPick={(draft) => {
          setPicking(false);
          setEditing({ rule: null, draft, key: String(Date.now()) });
        }}
      />
    </OverviewDates>
  );
}

/** Scripted rules are off for the company: what they are, and the switch for those who hold it. */
function StudioOptIn(props: { canSwitch: boolean; pending: boolean; onTurnOn(): void }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg" data-testid="studio-opt-in">
      <Group align="flex-start" wrap="nowrap">
        <IconCode size={32} />
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('scriptedRules.studio.title')}
          </Title>
          <Text size="sm">{t('scriptedRules.studio.description')}</Text>
          <Text size="sm" c="dimmed">
            {t('scriptedRules.studio.stillWorks')}
          </Text>
          {props.canSwitch ? (
            <Group>
              <Button loading={props.pending} onClick={props.onTurnOn}>
                {t('scriptedRules.studio.turnOn')}
              </Button>
            </Group>
          ) : (
            <Text size="sm" fw={500}>
              {t('scriptedRules.studio.askAdmin')}
            </Text>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
