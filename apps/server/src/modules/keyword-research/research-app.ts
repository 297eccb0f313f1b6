// An App Store app as keyword research shows it.
import type { ResearchApp } from '@tapwise/contracts';
import type { AppStoreApp } from '@tapwise/app-store';

export function researchAppOf(app: AppStoreApp): ResearchApp {
  return {
    application_id: String(app.adamId),
    title: app.title,
    icon: app.icon,
    genres: app.genres,
    rating: app.rating,
    developer: app.developer,
    version: app.version,
    price: app.price,
    currency: app.currency,
    rating_count: app.ratingCount,
    power: null,
    in_apps: null,
  };
}
