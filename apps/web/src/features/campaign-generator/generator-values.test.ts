import { describe, expect, it } from 'vitest';
import { SETTINGS } from './generator-factories';
import {
  checkSettings,
  draftSettings,
  freeSlug,
  initialGeneratorValues,
  newSegment,
  valuesOfSettings,
} from './generator-values';

describe('generator values', () => {
  it('turn stored settings into the form and back unchanged', () => {
    expect(checkSettings(valuesOfSettings(SETTINGS))).toEqual({
      ok: true,
      settings: SETTINGS,
    });
  });

  it('refuse a range whose end does not exceed its start by more than 10', () => {
    const values = valuesOfSettings(SETTINGS);
    values.segments.push({
      ...newSegment('category'),
      ranges: {
        organicRank: { from: '1', to: '11' },
        popularity: { from: '5', to: '20' },
        totalApps: { from: '', to: '' },
      },
    });
    const checked = checkSettings(values);
    expect(checked.ok ? {} : checked.errors).toEqual({
      'segments.2.ranges.organicRank.to': 'validation.rangeGapTooSmall',
    });
  });

  it('refuse one end of a range left empty', () => {
    const values = valuesOfSettings(SETTINGS);
    values.segments[0]!.ranges.popularity = { from: '5', to: '' };
    const checked = checkSettings(values);
    expect(checked.ok ? {} : checked.errors).toEqual({
      'segments.0.ranges.popularity.to': 'validation.required',
    });
  });

  it('refuse two custom segments with the same slug', () => {
    const values = valuesOfSettings(SETTINGS);
    values.segments.push(newSegment('custom', 'games'), newSegment('custom', 'games'));
    const checked = checkSettings(values);
    expect(checked.ok ? {} : checked.errors).toEqual({
      'segments.3.slug': 'validation.slugRepeated',
    });
  });

  it('give a new custom segment a slug no other uses', () => {
    expect(freeSlug([newSegment('custom', 'custom-1'), newSegment('custom', 'custom-3')])).toBe(
      'custom-2',
    );
  });

  it('keep in a draft only the fields that hold valid values', () => {
    const values = { ...initialGeneratorValues(), appName: 'Puzzle Quest', cpt: 'abc' };
    const draft = draftSettings(values);
    expect(draft.appName).toBe('Puzzle Quest');
    expect(draft).not.toHaveProperty('cpt');
    expect(draft).not.toHaveProperty('adamId');
    expect(draft.segments?.map((segment) => segment.segment)).toEqual([
      'brand',
      'category',
      'discovery',
      'competitor',
    ]);
  });
});
