import { Button, Menu } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { LOCALE_NAMES, SUPPORTED_LOCALES, type Locale } from '@tapwise/contracts';
import { useTranslation } from 'react-i18next';
import { changeLocale } from '../../shared/i18n/i18n';
import { notifyError } from '../../shared/ui/notify';

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const current = i18n.language as Locale;
  // A language that cannot be loaded leaves the current one in place.
  const choose = (locale: Locale) =>
    changeLocale(locale).catch((error: unknown) => {
      console.error(`Unable to switch to ${locale}`, error);
      notifyError(t('errors.languageLoadFailed'));
    });
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconLanguage size={18} />}
          aria-label={t('topBar.language')}
          data-testid="language-switcher"
        >
          {current.toUpperCase()}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {SUPPORTED_LOCALES.map((locale) => (
          <Menu.Item
            key={locale}
            lang={locale}
            onClick={() => void choose(locale)}
            aria-current={locale === current}
            fw={locale === current ? 700 : undefined}
          >
            {LOCALE_NAMES[locale]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
