// The guided tour's order (spec 1 §2): one dialog per page, Next goes to the next page keeping
// tour=true; the last one's Next goes to the overview's thank-you (endTour=true).
import { TOUR_STEPS, type TourStep } from '@tapwise/contracts';

export const TOUR_QUERY = 'tour';
export const END_TOUR_QUERY = 'endTour';

/** The tour step shown on this page, or null when the page is not part of the tour. */
export function tourStepOf(pathname: string): { page: TourStep; index: number } | null {
  const path = pathname.replace(/\/+$/, '');
  const index = TOUR_STEPS.findIndex((step) => step.path === path);
  return index < 0 ? null : { page: TOUR_STEPS[index]!.page, index };
}

/** Where Next leads from the step at `index`. */
export function nextTourHref(index: number): string {
  const next = TOUR_STEPS[index + 1];
  return next ? `${next.path}?${TOUR_QUERY}=true` : `/overview?${END_TOUR_QUERY}=true`;
}

export const TOUR_START_HREF = `${TOUR_STEPS[0].path}?${TOUR_QUERY}=true`;
