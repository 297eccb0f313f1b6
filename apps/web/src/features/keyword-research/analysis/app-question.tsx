// The question of the app tabs (keywords for an app, its competitors): an app picked in the
// storefront, then a button that asks about it.
import { Group } from '@mantine/core';
import type { ResearchLocale } from '@tapwise/contracts';
import type { AppRef } from './analysis-api';
import { AppPicker } from './app-picker';
import { WriteButton } from './write-button';

export function AppQuestion(props: {
  locale: ResearchLocale;
  app: AppRef | undefined;
  onApp(app: AppRef | undefined): void;
  /** The button's label. */
  ask: string;
  onAsk(app: AppRef): void;
}) {
  const { app } = props;
  return (
    <Group align="flex-end">
      <AppPicker locale={props.locale} value={app} onChange={props.onApp} />
      <WriteButton
        permission="keywordAnalysis.write"
        disabled={!app}
        onClick={() => app && props.onAsk(app)}
      >
        {props.ask}
      </WriteButton>
    </Group>
  );
}
