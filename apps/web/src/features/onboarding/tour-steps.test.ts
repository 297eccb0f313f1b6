import { TOUR_STEPS } from '@tapwise/contracts';
import { describe, expect, it } from 'vitest';
import { nextTourHref, TOUR_START_HREF, tourStepOf } from './tour-steps';
import { visitFlagOf } from './checklist-items';

describe('the tour order', () => {
  it('goes through the spec’s pages in order, keeping tour=true, and ends on the thank-you', () => {
    const visited: string[] = [TOUR_START_HREF];
    for (let index = 0; index < TOUR_STEPS.length; index += 1) visited.push(nextTourHref(index));
    expect(visited).toEqual([
      '/overview?tour=true',
      '/ads-manager?tour=true',
      '/keyword-auction-insights?tour=true',
      '/keyword-optimization?tour=true',
      '/arrules?tour=true',
      '/goals?tour=true',
      '/overview?endTour=true',
    ]);
  });

  it('knows each tour page, with or without a trailing slash, and no other', () => {
    expect(tourStepOf('/arrules/')).toEqual({ page: 'automationStudio', index: 4 });
    expect(tourStepOf('/goals')).toEqual({ page: 'goals', index: 5 });
    expect(tourStepOf('/strategies')).toBeNull();
  });
});

describe('page-visit flags', () => {
  it('are the overview, the ads manager and automation rules only', () => {
    expect(visitFlagOf('/overview')).toBe('overviewPage');
    expect(visitFlagOf('/ads-manager/')).toBe('adsManager');
    expect(visitFlagOf('/arrules')).toBe('automationRules');
    expect(visitFlagOf('/create-campaign')).toBeNull();
  });
});
