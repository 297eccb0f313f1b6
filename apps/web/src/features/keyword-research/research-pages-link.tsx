// The two keyword research pages link to each other: the sidebar has one Keyword Analysis entry
// (spec 1 §2), and organic ranking is part of it.
import { Button } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const PAGES = {
  analysis: { to: '/keyword-auction-insights', label: 'keywordAnalysis.title' },
  organicRanking: { to: '/organic-keyword-ranking', label: 'organicRanking.title' },
} as const;

export function ResearchPagesLink({ to }: { to: keyof typeof PAGES }) {
  const { t } = useTranslation();
  const page = PAGES[to];
  return (
    <Button
      component={Link}
      to={page.to}
      variant="subtle"
      rightSection={<IconArrowRight size={16} aria-hidden />}
    >
      {t(page.label)}
    </Button>
  );
}
