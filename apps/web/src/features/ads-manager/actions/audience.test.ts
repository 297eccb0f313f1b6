import { describe, expect, it } from 'vitest';
import { audienceChanges, audienceOf } from './audience';

describe('ad group audience', () => {
  it("reads Apple's targeting dimensions", () => {
    expect(
      audienceOf({
        deviceClass: { include: ['IPHONE'] },
        gender: { include: ['F'] },
        minAge: { include: ['25'] },
        daypart: { include: ['33', '34', '57', '58'] },
      }),
    ).toEqual({
      devices: ['IPHONE'],
      gender: 'F',
      ageMin: '25',
      ageMax: '',
      days: [1, 2],
      fromHour: 9,
      toHour: 11,
    });
  });

  it('sends only the changed dimensions, null where every value is chosen again', () => {
    const initial = audienceOf({ deviceClass: { include: ['IPHONE'] } });
    expect(audienceChanges(initial, initial)).toBeUndefined();
    expect(audienceChanges(initial, { ...initial, devices: ['IPHONE', 'IPAD'] })).toEqual({
      deviceClass: null,
    });
    expect(audienceChanges(initial, { ...initial, ageMin: '30', ageMax: '65' })).toEqual({
      age: { min: 30, max: null },
    });
  });

  it('turns days and hours into hours of the week, null for all week', () => {
    const initial = audienceOf(undefined);
    expect(
      audienceChanges(initial, { ...initial, days: [0, 6], fromHour: 22, toHour: 24 }),
    ).toEqual({
      daypart: [22, 23, 166, 167],
    });
    const limited = { ...initial, days: [1] };
    expect(audienceChanges(limited, initial)).toEqual({ daypart: null });
  });
});
