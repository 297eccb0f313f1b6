// Templates and drafts of the generator: load one into the form, save the form as a new template
// or draft, update the one loaded, delete it.
import { Button, Group, Select } from '@mantine/core';
import {
  GENERATOR_MESSAGES,
  type GeneratorDraftSettings,
  type GeneratorSettings,
} from '@tapwise/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/http';
import { confirm } from '../../shared/ui/confirm-dialog';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { generatorApi, generatorKeys, type GeneratorTemplate } from './generator-api';
import { generatorFailureText, generatorMessage } from './generator-messages';
import { TemplateNameDialog } from './template-name-dialog';

/** The template loaded into the form, which "Update" overwrites. */
export type LoadedTemplate = Pick<GeneratorTemplate, 'id' | 'name' | 'isDraft'>;

const nameTaken = (error: unknown) =>
  error instanceof ApiError && error.body?.message === GENERATOR_MESSAGES.templateNameTaken;

export function TemplatesBar(props: {
  loaded: LoadedTemplate | null;
  onLoad(template: GeneratorTemplate): void;
  onUnload(): void;
  /** Complete settings for a template, or undefined when the form shows its issues instead. */
  templateSettings(): GeneratorSettings | undefined;
  draftSettings(): GeneratorDraftSettings;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const templates = useQuery({
    queryKey: generatorKeys.templates,
    queryFn: generatorApi.templates,
  });
  const [naming, setNaming] = useState<'template' | 'draft' | null>(null);
  const [pending, setPending] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const { loaded } = props;

  async function save(
    request: { id: string | null; name: string; isDraft: boolean },
    settings: GeneratorSettings | GeneratorDraftSettings,
  ) {
    setPending(true);
    setNameError(null);
    try {
      const saved = await generatorApi.saveTemplate({ ...request, settings });
      void queryClient.invalidateQueries({ queryKey: generatorKeys.templates });
      notifySuccess(generatorMessage('templateSaved'));
      props.onLoad(saved);
      setNaming(null);
    } catch (error) {
      if (nameTaken(error) && naming) setNameError(generatorMessage('templateNameTaken'));
      else notifyError(generatorFailureText(error, 'errors.updateFailed'));
    } finally {
      setPending(false);
    }
  }

  function settingsFor(isDraft: boolean) {
    return isDraft ? props.draftSettings() : props.templateSettings();
  }

  function startNaming(kind: 'template' | 'draft') {
    // A template needs complete settings: the form shows what is missing before a name is asked.
    if (kind === 'template' && !props.templateSettings()) return;
    setNameError(null);
    setNaming(kind);
  }

  async function load(id: string | null) {
    if (!id) {
      props.onUnload();
      return;
    }
    try {
      props.onLoad(await generatorApi.template(id));
    } catch (error) {
      notifyError(generatorFailureText(error, 'errors.loadFailed'));
    }
  }

  async function remove(template: LoadedTemplate) {
    const confirmed = await confirm({
      icon: 1,
      title: t('campaignGenerator.templates.deleteTitle'),
      message: t('campaignGenerator.templates.deleteMessage', { name: template.name }),
      okLabel: t('campaignGenerator.templates.delete'),
    });
    if (!confirmed) return;
    try {
      await generatorApi.deleteTemplate(template.id);
      void queryClient.invalidateQueries({ queryKey: generatorKeys.templates });
      notifySuccess(generatorMessage('templateDeleted'));
      props.onUnload();
    } catch (error) {
      notifyError(generatorFailureText(error, 'errors.deleteFailed'));
    }
  }

  const options = (isDraft: boolean) =>
    (templates.data ?? [])
      .filter((template) => template.isDraft === isDraft)
      .map((template) => ({ value: template.id, label: template.name }));

  return (
    <Group align="flex-end" gap="sm">
      <Select
        w={280}
        label={t('campaignGenerator.templates.load')}
        placeholder={
          templates.isPending ? t('common.loading') : t('campaignGenerator.templates.choose')
        }
        nothingFoundMessage={t('campaignGenerator.templates.none')}
        clearable
        searchable
        data={[
          { group: t('campaignGenerator.templates.templates'), items: options(false) },
          { group: t('campaignGenerator.templates.drafts'), items: options(true) },
        ].filter((group) => group.items.length > 0)}
        value={loaded?.id ?? null}
        onChange={(id) => void load(id)}
      />
      {loaded && (
        <>
          <Button
            variant="light"
            loading={pending && !naming}
            onClick={() => {
              const settings = settingsFor(loaded.isDraft);
              if (settings) void save(loaded, settings);
            }}
          >
            {t('campaignGenerator.templates.update', { name: loaded.name })}
          </Button>
          <Button variant="subtle" color="red" onClick={() => void remove(loaded)}>
            {t('campaignGenerator.templates.delete')}
          </Button>
        </>
      )}
      <Button variant="default" onClick={() => startNaming('template')}>
        {t('campaignGenerator.templates.saveAsTemplate')}
      </Button>
      <Button variant="default" onClick={() => startNaming('draft')}>
        {t('campaignGenerator.templates.saveDraft')}
      </Button>
      <TemplateNameDialog
        key={naming ?? 'closed'}
        opened={naming !== null}
        title={
          naming === 'draft'
            ? t('campaignGenerator.templates.saveDraft')
            : t('campaignGenerator.templates.saveAsTemplate')
        }
        pending={pending}
        error={nameError}
        onClose={() => setNaming(null)}
        onSave={(name) => {
          const isDraft = naming === 'draft';
          const settings = settingsFor(isDraft);
          if (settings) void save({ id: null, name, isDraft }, settings);
        }}
      />
    </Group>
  );
}
