// A data request opened from the member's list (`?request=<id>`): its question, asked again on
// its tab (the server answers a finished question's rows from the database).
import {
  DEFAULT_METADATA_LOOKUP,
  researchLocaleSchema,
  type DataRequest,
  type ResearchLocale,
} from '@tapwise/contracts';
import type { AppRef } from './analysis-api';

export function localeOfRequest(request: DataRequest): ResearchLocale {
  const parsed = researchLocaleSchema.safeParse({
    location: request.location,
    language: request.language,
    device: request.device,
  });
  return parsed.data ?? { ...DEFAULT_METADATA_LOOKUP };
}

export function appOfRequest(request: DataRequest): AppRef | undefined {
  if (!request.appId) return undefined;
  return {
    appId: request.appId,
    title: request.appName ?? request.appId,
    icon: request.icon ?? '',
  };
}
