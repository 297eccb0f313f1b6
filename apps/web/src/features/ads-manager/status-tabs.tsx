// The sub tabs of levels with a status: All, Live, Paused, Deleted, Draft, each with its count
// for the same scope, search and filters.
import { Badge, Tabs } from '@mantine/core';
import { ENTITY_LIST_TABS, type EntityListTab, type ReportPage } from '@tapwise/contracts';
import { useTranslation } from 'react-i18next';

export function StatusTabs(props: {
  value: EntityListTab;
  counts: ReportPage['statusCounts'] | undefined;
  onChange(tab: EntityListTab): void;
}) {
  const { t } = useTranslation();
  return (
    <Tabs
      variant="pills"
      value={props.value}
      onChange={(value) => {
        const tab = ENTITY_LIST_TABS.find((entry) => entry === value);
        if (tab) props.onChange(tab);
      }}
    >
      <Tabs.List aria-label={t('adsManager.statusTabs.label')} data-testid="status-tabs">
        {ENTITY_LIST_TABS.map((tab) => (
          <Tabs.Tab
            key={tab}
            value={tab}
            data-testid={`status-tab-${tab}`}
            rightSection={
              props.counts ? (
                <Badge size="sm" variant="light" data-testid={`status-count-${tab}`}>
                  {props.counts[tab]}
                </Badge>
              ) : undefined
            }
          >
            {t(`adsManager.statusTabs.${tab}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
