// /campaign-generator-details (admins, spec 1 §2): the generations made so far, a new one from the
// settings form (with AI keyword suggestions beside each keyword list), and one generation opened
// (?generation=id) to review, launch and follow.
import { Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../shared/ui/page-frame';
import { KeywordAiButton } from '../keyword-ai/keyword-ai-button';
import { useCanWriteGenerator } from './generator-access';
import { GenerationPanel } from './generation-panel';
import { GenerationsList } from './generations-list';
import { GeneratorForm } from './generator-form';

const TABS = ['generations', 'new'] as const;
type Tab = (typeof TABS)[number];

export default function CampaignGeneratorPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const canWrite = useCanWriteGenerator();
  const opened = params.get('generation');
  const tab: Tab = canWrite && params.get('tab') === 'new' ? 'new' : 'generations';
  const tabs = canWrite ? TABS : TABS.filter((name) => name !== 'new');
  const open = (id: string) => setParams({ generation: id });
  return (
    <PageFrame title={t('pages.campaignGenerator.title')}>
      {opened ? (
        <GenerationPanel id={opened} onClose={() => setParams({})} />
      ) : (
        <Tabs value={tab} onChange={(value) => setParams(value === 'new' ? { tab: 'new' } : {})}>
          <Tabs.List>
            {tabs.map((name) => (
              <Tabs.Tab key={name} value={name}>
                {t(`campaignGenerator.tabs.${name}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="generations" pt="md">
            <GenerationsList onOpen={open} />
          </Tabs.Panel>
          {canWrite && (
            <Tabs.Panel value="new" pt="md">
              <GeneratorForm
                onPreviewed={(generation) => open(generation.id)}
                keywordTool={({ segmentIndex, values, onAddKeywords }) => (
                  <KeywordAiButton
                    size="xs"
                    adamId={values.adamId}
                    appName={values.appName}
                    storefront={values.countries[0]}
                    onPick={(texts) => onAddKeywords(segmentIndex, texts)}
                  />
                )}
              />
            </Tabs.Panel>
          )}
        </Tabs>
      )}
    </PageFrame>
  );
}
