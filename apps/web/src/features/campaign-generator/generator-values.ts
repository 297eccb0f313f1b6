// The generator form's state and its way to settings: inputs keep what was typed (numbers as
// text), and the contract's schema decides what is valid, with issues keyed by field path.
import {
  generatorDraftSettingsSchema,
  generatorSettingsSchema,
  type GeneratorDraftSettings,
  type GeneratorSegment,
  type GeneratorSettings,
  type WizardAudience,
} from '@tapwise/contracts';
import { everyoneAudience } from '../campaign-creation/wizard-values';

export interface RangeValues {
  from: string;
  to: string;
}

export const RANGE_NAMES = ['organicRank', 'popularity', 'totalApps'] as const;
export type RangeName = (typeof RANGE_NAMES)[number];

export interface SegmentValues {
  segment: GeneratorSegment;
  enabled: boolean;
  slug: string;
  keywords: string[];
  competitorAdamIds: number[];
  ranges: Record<RangeName, RangeValues>;
  cpt: string;
}

export interface GeneratorValues {
  adAccountId: number | null;
  adamId: number | null;
  organisationName: string;
  appName: string;
  countries: string[];
  audience: WizardAudience;
  cpt: string;
  dailyCap: string;
  countryBudgets: Record<string, string>;
  totalBudget: string;
  segments: SegmentValues[];
}

/** Issues as `validation.*` message keys by dotted path ("segments.2.slug"). */
export type GeneratorErrors = Record<string, string>;

const noRanges = (): Record<RangeName, RangeValues> => ({
  organicRank: { from: '', to: '' },
  popularity: { from: '', to: '' },
  totalApps: { from: '', to: '' },
});

export function newSegment(segment: GeneratorSegment, slug = ''): SegmentValues {
  return {
    segment,
    enabled: true,
    slug,
    keywords: [],
    competitorAdamIds: [],
    ranges: noRanges(),
    cpt: '',
  };
}

export function initialGeneratorValues(): GeneratorValues {
  return {
    adAccountId: null,
    adamId: null,
    organisationName: '',
    appName: '',
    countries: [],
    audience: everyoneAudience(),
    cpt: '',
    dailyCap: '',
    countryBudgets: {},
    totalBudget: '',
    segments: (['brand', 'category', 'discovery', 'competitor'] as const).map((segment) =>
      newSegment(segment),
    ),
  };
}

/** A typed bound: empty is missing (NaN fails the schema as required). */
const bound = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** A range with both ends empty is no filter. */
const rangeOf = (range: RangeValues) =>
  range.from.trim() === '' && range.to.trim() === ''
    ? null
    : { from: bound(range.from), to: bound(range.to) };

/** An optional amount left empty is no amount. */
const optionalAmount = (text: string) => (text.trim() === '' ? undefined : text);

/** The settings the values stand for, still to be checked. */
export function settingsCandidate(values: GeneratorValues): Record<string, unknown> {
  return {
    ...values,
    totalBudget: optionalAmount(values.totalBudget),
    countryBudgets: Object.fromEntries(
      Object.entries(values.countryBudgets).filter(
        ([country, budget]) => values.countries.includes(country) && budget.trim() !== '',
      ),
    ),
    segments: values.segments.map((segment) => ({
      ...segment,
      slug: segment.segment === 'custom' ? segment.slug : null,
      cpt: optionalAmount(segment.cpt),
      ranges: {
        organicRank: rangeOf(segment.ranges.organicRank),
        popularity: rangeOf(segment.ranges.popularity),
        totalApps: rangeOf(segment.ranges.totalApps),
      },
    })),
  };
}

const pathOf = (path: readonly PropertyKey[]) => path.map(String).join('.');

export type Checked<T> = { ok: true; settings: T } | { ok: false; errors: GeneratorErrors };

/**
 * Custom slugs that repeat an earlier one. The schema checks this only once every field is valid
 * (a refinement of the whole settings); the form reports it together with the other issues.
 */
function repeatedSlugs(values: GeneratorValues): GeneratorErrors {
  const seen = new Set<string>();
  const errors: GeneratorErrors = {};
  values.segments.forEach((segment, index) => {
    if (segment.segment !== 'custom' || segment.slug === '') return;
    if (seen.has(segment.slug)) errors[`segments.${index}.slug`] = 'validation.slugRepeated';
    seen.add(segment.slug);
  });
  return errors;
}

export function checkSettings(values: GeneratorValues): Checked<GeneratorSettings> {
  const result = generatorSettingsSchema.safeParse(settingsCandidate(values));
  if (result.success) return { ok: true, settings: result.data };
  const errors: GeneratorErrors = repeatedSlugs(values);
  for (const issue of result.error.issues) errors[pathOf(issue.path)] ??= issue.message;
  return { ok: false, errors };
}

/** A draft keeps every field that holds a valid value; the rest is left out. */
export function draftSettings(values: GeneratorValues): GeneratorDraftSettings {
  const candidate = settingsCandidate(values);
  const shape = generatorDraftSettingsSchema.shape;
  const kept = Object.fromEntries(
    Object.entries(candidate).filter(([key, value]) => {
      const field = shape[key as keyof typeof shape];
      return field !== undefined && field.safeParse(value).success;
    }),
  );
  return generatorDraftSettingsSchema.parse(kept);
}

const rangeValues = (range: { from: number; to: number } | null): RangeValues =>
  range ? { from: String(range.from), to: String(range.to) } : { from: '', to: '' };

/** The form's values for stored settings (a template's, a draft's or a generation's). */
export function valuesOfSettings(settings: GeneratorDraftSettings): GeneratorValues {
  const initial = initialGeneratorValues();
  return {
    ...initial,
    ...settings,
    adAccountId: settings.adAccountId ?? null,
    adamId: settings.adamId ?? null,
    cpt: settings.cpt ?? '',
    dailyCap: settings.dailyCap ?? '',
    totalBudget: settings.totalBudget ?? '',
    countryBudgets: settings.countryBudgets ?? {},
    segments: settings.segments
      ? settings.segments.map((segment) => ({
          ...segment,
          slug: segment.slug ?? '',
          cpt: segment.cpt ?? '',
          ranges: {
            organicRank: rangeValues(segment.ranges.organicRank),
            popularity: rangeValues(segment.ranges.popularity),
            totalApps: rangeValues(segment.ranges.totalApps),
          },
        }))
      : initial.segments,
  };
}

/** A slug for a new custom segment that no other segment uses yet. */
export function freeSlug(segments: readonly SegmentValues[]): string {
  const used = new Set(segments.map((segment) => segment.slug));
  let number = 1;
  while (used.has(`custom-${number}`)) number += 1;
  return `custom-${number}`;
}
