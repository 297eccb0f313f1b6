// The wizard's state and how it becomes what createCampaign and saveCampaignDraft take: every
// value held in full (money as typed), checked with the contract's campaignCreationSchema, each
// issue shown at its field on the step that holds it.
import {
  DEVICE_CLASSES,
  campaignCreationSchema,
  placementHasKeywords,
  type AdPlacement,
  type CampaignCreationInput,
  type CampaignDraftValues,
  type GeoTarget,
  type WizardAd,
  type WizardAudience,
  type WizardKeyword,
  type WizardNegativeKeyword,
  type WizardStep,
} from '@tapwise/contracts';

export interface WizardAdGroupValues {
  name: string;
  defaultBid: string;
  cpaGoal: string;
  bidMode: 'adGroupDefault' | 'custom';
  searchMatch: boolean;
  keywords: WizardKeyword[];
  negativeKeywords: WizardNegativeKeyword[];
  audience: WizardAudience;
  ads: WizardAd[];
}

export interface WizardValues {
  adAccountId: number | null;
  adamId: number | null;
  campaignName: string;
  countries: string[];
  /** Regions and cities with their names, so the review and a draft show them. */
  adminAreas: GeoTarget[];
  localities: GeoTarget[];
  dailyBudget: string;
  /** ISO instants; null: from now, and without an end. */
  startTime: string | null;
  endTime: string | null;
  negativeKeywords: WizardNegativeKeyword[];
  adGroups: WizardAdGroupValues[];
}

/** Field path ("adGroups.0.defaultBid") to its message key. */
export type WizardErrors = Record<string, string>;

/** Everyone on every device, all week: the audience a new ad group starts with. */
export function everyoneAudience(): WizardAdGroupValues['audience'] {
  return {
    customerType: 'all',
    gender: 'all',
    age: null,
    devices: [...DEVICE_CLASSES],
    daypart: null,
  };
}

export function newAdGroup(placement: AdPlacement): WizardAdGroupValues {
  return {
    name: '',
    defaultBid: '',
    cpaGoal: '',
    bidMode: 'adGroupDefault',
    searchMatch: placementHasKeywords(placement),
    keywords: [],
    negativeKeywords: [],
    audience: everyoneAudience(),
    ads: [],
  };
}

export function newWizardValues(placement: AdPlacement): WizardValues {
  return {
    adAccountId: null,
    adamId: null,
    campaignName: '',
    countries: [],
    adminAreas: [],
    localities: [],
    dailyBudget: '',
    startTime: null,
    endTime: null,
    negativeKeywords: [],
    adGroups: [newAdGroup(placement)],
  };
}

/** Older drafts kept bare geo ids: shown by their id until chosen again. */
const geoTargetsOf = (targets: CampaignDraftValues['adminAreas']): GeoTarget[] =>
  (targets ?? []).map((target) =>
    typeof target === 'string' ? { id: target, name: target } : target,
  );

/** A saved draft's values over the defaults: a draft may stop anywhere. */
export function valuesOfDraft(placement: AdPlacement, draft: CampaignDraftValues): WizardValues {
  const empty = newWizardValues(placement);
  const base = newAdGroup(placement);
  return {
    adAccountId: draft.adAccountId ?? null,
    adamId: draft.adamId ?? null,
    campaignName: draft.campaignName ?? '',
    countries: draft.countries ?? [],
    adminAreas: geoTargetsOf(draft.adminAreas),
    localities: geoTargetsOf(draft.localities),
    dailyBudget: draft.dailyBudget ?? '',
    startTime: draft.startTime ?? null,
    endTime: draft.endTime ?? null,
    negativeKeywords: draft.negativeKeywords ?? [],
    adGroups: (draft.adGroups?.length ? draft.adGroups : empty.adGroups).map((adGroup) => ({
      ...base,
      ...adGroup,
      audience: { ...base.audience, ...adGroup.audience },
    })),
  };
}

/** What saveCampaignDraft stores (the draft schema takes the wizard's values as they are). */
export function draftValuesOf(values: WizardValues): CampaignDraftValues {
  const { adAccountId, adamId, ...rest } = values;
  return {
    ...rest,
    ...(adAccountId ? { adAccountId } : {}),
    ...(adamId ? { adamId } : {}),
  };
}

/** What createCampaign takes; keyword bids only travel in the custom bid mode. */
export function creationInputOf(placement: AdPlacement, values: WizardValues) {
  return {
    placement,
    adAccountId: values.adAccountId ?? 0,
    adamId: values.adamId ?? 0,
    campaignName: values.campaignName,
    countries: values.countries,
    adminAreas: values.adminAreas.map((target) => target.id),
    localities: values.localities.map((target) => target.id),
    dailyBudget: values.dailyBudget,
    startTime: values.startTime,
    endTime: values.endTime,
    negativeKeywords: values.negativeKeywords,
    adGroups: values.adGroups.map((adGroup) => ({
      ...adGroup,
      keywords: adGroup.keywords.map(({ text, matchType, bid }) =>
        adGroup.bidMode === 'custom' ? { text, matchType, bid } : { text, matchType },
      ),
    })),
  };
}

const AD_GROUP_FIELD_STEPS: Record<string, WizardStep> = {
  searchMatch: 'searchMatch',
  keywords: 'keywords',
  negativeKeywords: 'keywords',
  audience: 'audience',
  ads: 'creativeSets',
};

/** The step whose form holds the field at this path. */
export function stepOfPath(path: readonly PropertyKey[]): WizardStep {
  const [field, , adGroupField] = path.map(String);
  if (field === 'countries' || field === 'adminAreas' || field === 'localities') return 'countries';
  if (field === 'negativeKeywords') return 'keywords';
  if (field === 'adGroups') return AD_GROUP_FIELD_STEPS[adGroupField ?? ''] ?? 'adGroup';
  return 'app';
}

export interface CheckedValues {
  /** Issues of the steps asked for; none means those steps may be left. */
  errors: WizardErrors;
  /** The input createCampaign takes, when every step is valid. */
  input: CampaignCreationInput | null;
}

/**
 * The wizard's values checked with the contract's schema. `steps` limits the issues to those
 * steps (the Next button checks only its own); the app, which the schema sees as an id, is
 * "required" until chosen.
 */
export function checkValues(
  placement: AdPlacement,
  values: WizardValues,
  steps: readonly WizardStep[],
): CheckedValues {
  const result = campaignCreationSchema.safeParse(creationInputOf(placement, values));
  const errors: WizardErrors = {};
  if (steps.includes('app') && (!values.adamId || !values.adAccountId))
    errors.adamId = 'validation.required';
  for (const issue of result.success ? [] : result.error.issues) {
    if (issue.path[0] === 'adamId' || issue.path[0] === 'adAccountId') continue;
    if (steps.includes(stepOfPath(issue.path))) errors[issue.path.join('.')] ??= issue.message;
  }
  return { errors, input: result.success ? result.data : null };
}

/** Keywords pasted one per line: trimmed, blank lines and repeats of the list left out. */
export function pastedKeywords(
  text: string,
  existing: readonly WizardKeyword[],
  matchType: WizardKeyword['matchType'],
): WizardKeyword[] {
  const seen = new Set(
    existing.map((keyword) => `${keyword.matchType}|${keyword.text.toLowerCase()}`),
  );
  return text
    .split(/\r?\n/)
    .map((line) => line.trim().replace(/\s+/g, ' '))
    .filter((line) => {
      const key = `${matchType}|${line.toLowerCase()}`;
      if (!line || seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((line) => ({ text: line, matchType }));
}
