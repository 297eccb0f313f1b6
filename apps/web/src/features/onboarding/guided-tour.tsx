// The guided tour (spec 1 §2): with tour=true each tour page shows its dialog, whose Next goes to
// the next page keeping tour=true; the last one's leads to /overview?endTour=true, where a
// thank-you dialog's Start exploring closes it and removes the query.
import { Button, Modal, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { END_TOUR_QUERY, nextTourHref, TOUR_QUERY, tourStepOf } from './tour-steps';

const TourDialog = lazy(() => import('./tour-dialog'));

function ThankYouDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} withCloseButton={false} centered size="md">
      <Stack align="center" gap="md" p="md" data-testid="tour-thank-you">
        <Title order={3}>{t('onboarding.tour.thankYouTitle')}</Title>
        <Text ta="center" c="dimmed">
          {t('onboarding.tour.thankYouBody')}
        </Text>
        <Button onClick={onClose}>{t('onboarding.tour.startExploring')}</Button>
      </Stack>
    </Modal>
  );
}

export function GuidedTour() {
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const step = params.get(TOUR_QUERY) === 'true' ? tourStepOf(pathname) : null;
  const thankYou = params.get(END_TOUR_QUERY) === 'true' && tourStepOf(pathname)?.index === 0;
  const without = (name: string) => () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(name);
        return next;
      },
      { replace: true },
    );

  if (thankYou) return <ThankYouDialog onClose={without(END_TOUR_QUERY)} />;
  if (!step) return null;
  return (
    <Suspense fallback={null}>
      <TourDialog
        key={step.page}
        page={step.page}
        index={step.index}
        onNext={() => void navigate(nextTourHref(step.index))}
        onEnd={without(TOUR_QUERY)}
      />
    </Suspense>
  );
}
