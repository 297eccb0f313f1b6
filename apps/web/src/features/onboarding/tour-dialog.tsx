// One page's dialog of the guided tour, drawn by react-joyride (loaded only when a tour runs, so
// no other page's bundle carries it). Next leads to the next page of the tour; Skip ends it.
import { TOUR_STEPS, type TourStep } from '@tapwise/contracts';
import { useTranslation } from 'react-i18next';
import { ACTIONS, EVENTS, Joyride, type EventData } from 'react-joyride';

export interface TourDialogProps {
  page: TourStep;
  index: number;
  onNext(): void;
  onEnd(): void;
}

export default function TourDialog({ page, index, onNext, onEnd }: TourDialogProps) {
  const { t } = useTranslation();
  const handle = (event: EventData) => {
    if (event.type !== EVENTS.STEP_AFTER && event.type !== EVENTS.TOUR_END) return;
    if (event.action === ACTIONS.NEXT || event.action === ACTIONS.COMPLETE) onNext();
    else if (event.action === ACTIONS.SKIP || event.action === ACTIONS.CLOSE) onEnd();
  };
  return (
    <Joyride
      run
      continuous
      onEvent={handle}
      locale={{
        last: t('onboarding.tour.next'),
        next: t('onboarding.tour.next'),
        skip: t('onboarding.tour.skip'),
        close: t('onboarding.tour.skip'),
      }}
      options={{
        buttons: ['close', 'primary'],
        skipBeacon: true,
        closeButtonAction: 'skip',
        overlayClickAction: false,
        dismissKeyAction: false,
        zIndex: 300,
      }}
      steps={[
        {
          id: `tour-${page}`,
          target: 'body',
          placement: 'center',
          title: t('onboarding.tour.stepOf', { step: index + 1, total: TOUR_STEPS.length }),
          content: (
            <div data-testid="tour-dialog" data-page={page}>
              <strong>{t(`onboarding.tour.pages.${page}.title`)}</strong>
              <p>{t(`onboarding.tour.pages.${page}.body`)}</p>
            </div>
          ),
        },
      ]}
    />
  );
}
