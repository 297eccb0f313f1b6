// "AI suggestions": opens the Keyword AI panel in a dialog for an app and storefront the caller
// knows (either may be left for the member to choose). With onPick the chosen keywords go back
// to the caller, and the dialog closes.
import { Button, Modal, type ButtonProps } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KeywordAiPanel } from './keyword-ai-panel';

export interface KeywordAiButtonProps {
  adamId?: number | null;
  /** The app's name when it may not be one of the company's apps. */
  appName?: string | undefined;
  /** Two-letter storefront, e.g. "US". */
  storefront?: string;
  onPick?(texts: string[]): void;
  /** The label of the onPick action ("Add to the ad group's keywords"). */
  pickLabel?: string;
  size?: ButtonProps['size'];
}

export function KeywordAiButton(props: KeywordAiButtonProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const { onPick } = props;
  return (
    <>
      <Button
        size={props.size ?? 'sm'}
        variant="light"
        leftSection={<IconSparkles size={16} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        {t('keywordAi.open')}
      </Button>
      {opened && (
        <Modal opened onClose={() => setOpened(false)} title={t('keywordAi.title')} size="xl">
          <KeywordAiPanel
            adamId={props.adamId ?? null}
            appName={props.appName}
            storefront={props.storefront?.toUpperCase() ?? ''}
            pickLabel={props.pickLabel}
            onPick={
              onPick &&
              ((texts) => {
                onPick(texts);
                setOpened(false);
              })
            }
          />
        </Modal>
      )}
    </>
  );
}
