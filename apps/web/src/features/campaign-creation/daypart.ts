// The audience's daypart as the wizard offers it (days of the week and one span of hours) and as
// Apple takes it: hours of the week, 0 = Monday 00:00.
export interface DaypartChoice {
  /** 0 = Monday. */
  days: number[];
  fromHour: number;
  /** Exclusive, 1-24. */
  toHour: number;
}

export const WEEK_DAYS = [0, 1, 2, 3, 4, 5, 6] as const;

export function hoursOf(choice: DaypartChoice): number[] {
  return [...choice.days]
    .sort((a, b) => a - b)
    .flatMap((day) =>
      Array.from({ length: Math.max(0, choice.toHour - choice.fromHour) }, (_, offset) => {
        return day * 24 + choice.fromHour + offset;
      }),
    );
}

/** The choice that produced these hours (the widest span when they were set elsewhere). */
export function choiceOf(hours: readonly number[]): DaypartChoice {
  if (hours.length === 0) return { days: [...WEEK_DAYS], fromHour: 0, toHour: 24 };
  const inDay = hours.map((hour) => hour % 24);
  return {
    days: [...new Set(hours.map((hour) => Math.floor(hour / 24)))],
    fromHour: Math.min(...inDay),
    toHour: Math.max(...inDay) + 1,
  };
}
