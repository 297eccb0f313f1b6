// An ad group's audience as the form edits it, read from Apple's targeting dimensions
// ({include, exclude} per dimension) and written as the contracts' audience targeting.
import { AGE_MAX, AGE_MIN, type AudienceTargeting } from '@tapwise/contracts';

export const DEVICE_CLASSES = ['IPHONE', 'IPAD'] as const;
export const HOURS_PER_DAY = 24;
export const DAYS_PER_WEEK = 7;

export interface AudienceValues {
  devices: string[];
  /** '' is all genders. */
  gender: string;
  /** '' is no bound. */
  ageMin: string;
  ageMax: string;
  /** Days 0-6 (Sunday first) and the hours of each, from inclusive to exclusive. */
  days: number[];
  fromHour: number;
  toHour: number;
}

type Dimensions = Record<string, unknown> | undefined;

function included(dimensions: Dimensions, key: string): string[] {
  const dimension = dimensions?.[key] as { include?: unknown } | null | undefined;
  return Array.isArray(dimension?.include) ? dimension.include.map(String) : [];
}

const ALL_DAYS = [...Array(DAYS_PER_WEEK).keys()];

export function audienceOf(dimensions: Dimensions): AudienceValues {
  const hours = included(dimensions, 'daypart').map(Number);
  const hoursOfDay = hours.map((hour) => hour % HOURS_PER_DAY);
  return {
    devices: included(dimensions, 'deviceClass'),
    gender: included(dimensions, 'gender')[0] ?? '',
    ageMin: included(dimensions, 'minAge')[0] ?? '',
    ageMax: included(dimensions, 'maxAge')[0] ?? '',
    days: hours.length
      ? [...new Set(hours.map((hour) => Math.floor(hour / HOURS_PER_DAY)))]
      : ALL_DAYS,
    fromHour: hours.length ? Math.min(...hoursOfDay) : 0,
    toHour: hours.length ? Math.max(...hoursOfDay) + 1 : HOURS_PER_DAY,
  };
}

function daypartOf(values: AudienceValues): number[] | null {
  const allWeek =
    values.days.length === DAYS_PER_WEEK &&
    values.fromHour === 0 &&
    values.toHour === HOURS_PER_DAY;
  if (allWeek) return null;
  return [...values.days]
    .sort((a, b) => a - b)
    .flatMap((day) =>
      Array.from(
        { length: Math.max(values.toHour - values.fromHour, 0) },
        (_, offset) => day * HOURS_PER_DAY + values.fromHour + offset,
      ),
    );
}

/** The dimensions the user changed, null clearing one (all devices, genders, ages, hours). */
export function audienceChanges(
  initial: AudienceValues,
  values: AudienceValues,
): AudienceTargeting | undefined {
  const targeting: AudienceTargeting = {};
  const differs = (...keys: (keyof AudienceValues)[]) =>
    keys.some((key) => JSON.stringify(initial[key]) !== JSON.stringify(values[key]));
  if (differs('devices')) {
    targeting.deviceClass =
      values.devices.length === 0 || values.devices.length === DEVICE_CLASSES.length
        ? null
        : (values.devices as AudienceTargeting['deviceClass']);
  }
  if (differs('gender')) targeting.gender = (values.gender || null) as AudienceTargeting['gender'];
  if (differs('ageMin', 'ageMax')) {
    targeting.age =
      values.ageMin === '' && values.ageMax === ''
        ? null
        : {
            min: values.ageMin === '' ? AGE_MIN : Number(values.ageMin),
            max:
              values.ageMax === '' || Number(values.ageMax) === AGE_MAX
                ? null
                : Number(values.ageMax),
          };
  }
  if (differs('days', 'fromHour', 'toHour')) targeting.daypart = daypartOf(values);
  return Object.keys(targeting).length > 0 ? targeting : undefined;
}
