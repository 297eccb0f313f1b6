// The actions of a rule, those its target allows (RULE_ACTIONS_BY_TARGET): pause, resume, change
// a bid or the daily budget, add a negative keyword, promote a search term, send an e-mail or a
// Slack message.
import { ActionIcon, Button, Group, Menu, Select, Stack } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { RULE_ACTIONS_BY_TARGET, RULE_ACTIONS_MAX, type RuleActionType } from '@tapwise/contracts';
import { useTranslation } from 'react-i18next';
import { ChangeAmountFields } from './change-amount-fields';
import { KeywordActionFields } from './keyword-action-fields';
import { ListProblem } from './list-problem';
import { RecipientsFields } from './recipients-fields';
import { ruleActionLabel } from './rule-labels';
import { SlackChannelsFields } from './slack-channels-fields';
import classes from './rule-builder.module.css';
import { newAction, type ActionDraft } from './rule-draft';
import type { RuleForm } from './use-rule-form';

/** The props every action's own fields take. */
export interface ActionPartProps<Action extends ActionDraft = ActionDraft> {
  action: Action;
  currency: string;
  /** The translated problem at a path below the action, if any. */
  error(path: string): string | undefined;
  onChange(action: Action): void;
}

export function ActionFields({ form, currency }: { form: RuleForm; currency: string }) {
  const { t } = useTranslation();
  const { actions, target } = form.draft;
  const allowed = RULE_ACTIONS_BY_TARGET[target];

  const setAction = (index: number, action: ActionDraft) =>
    form.update(`actions.${index}`, (draft) => ({
      ...draft,
      actions: draft.actions.map((current, at) => (at === index ? action : current)),
    }));

  return (
    <Stack gap="sm">
      {actions.map((action, index) => (
        <Stack
          // Actions have no identity of their own; their place is it.
          key={index}
          gap="xs"
          className={classes.row}
          role="group"
          aria-label={t('automation.builder.actionNumber', { number: index + 1 })}
        >
          <Group align="flex-end" wrap="nowrap">
            <Select
              label={t('automation.builder.actionType')}
              data={allowed.map((type) => ({
                value: type,
                label: ruleActionLabel(t, type),
              }))}
              value={action.type}
              onChange={(value) => value && setAction(index, newAction(value as RuleActionType))}
              allowDeselect={false}
              error={form.errorOn(`actions.${index}.type`)}
              flex={1}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('automation.builder.removeAction', { number: index + 1 })}
              onClick={() =>
                form.update('actions', (draft) => ({
                  ...draft,
                  actions: draft.actions.filter((_, at) => at !== index),
                }))
              }
              mb={4}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
          <ActionPart
            action={action}
            currency={currency}
            error={(path) => form.errorAt(`actions.${index}.${path}`)}
            onChange={(changed) => setAction(index, changed)}
          />
        </Stack>
      ))}
      {form.errorOn('actions') && <ListProblem>{form.errorOn('actions')}</ListProblem>}
      <Group>
        <Menu>
          <Menu.Target>
            <Button variant="light" disabled={actions.length >= RULE_ACTIONS_MAX}>
              {t('automation.builder.addAction')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {allowed.map((type) => (
              <Menu.Item
                key={type}
                onClick={() =>
                  form.update('actions', (draft) => ({
                    ...draft,
                    actions: [...draft.actions, newAction(type)],
                  }))
                }
              >
                {ruleActionLabel(t, type)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Stack>
  );
}

function ActionPart(props: ActionPartProps) {
  const { action } = props;
  switch (action.type) {
    case 'PAUSE':
    case 'RESUME':
      return null;
    case 'CHANGE_BID':
    case 'CHANGE_BUDGET':
      return <ChangeAmountFields {...props} action={action} />;
    case 'ADD_AS_NEGATIVE_KEYWORD':
    case 'ADD_AS_KEYWORD':
      return <KeywordActionFields {...props} action={action} />;
    case 'EMAIL_NOTIFICATION':
      return <RecipientsFields {...props} action={action} />;
    case 'SLACK_NOTIFICATION':
      return <SlackChannelsFields {...props} action={action} />;
  }
}
