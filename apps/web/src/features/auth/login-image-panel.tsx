import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The illustrated half of the login screen; hidden on narrow screens. */
export function LoginImagePanel() {
  const { t } = useTranslation();
  return (
    <Stack
      visibleFrom="md"
      justify="center"
      p={48}
      style={{
        background:
          'linear-gradient(135deg, var(--mantine-color-blue-7), var(--mantine-color-cyan-5))',
        color: 'white',
      }}
    >
      <svg viewBox="0 0 320 160" width="100%" role="img" aria-label={t('login.imageAlt')}>
        <polyline
          points="0,140 40,120 80,128 120,90 160,100 200,60 240,70 280,30 320,20"
          fill="none"
          stroke="white"
          strokeWidth="6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        {[40, 120, 200, 280].map((x, index) => (
          <rect
            key={x}
            x={x - 14}
            y={150 - (index + 1) * 28}
            width="28"
            height={(index + 1) * 28}
            rx="6"
            fill="rgba(255,255,255,0.25)"
          />
        ))}
      </svg>
      <Title order={2} c="white">
        {t('login.panelTitle')}
      </Title>
      <Text size="lg" c="white" opacity={0.9}>
        {t('login.panelText')}
      </Text>
    </Stack>
  );
}
