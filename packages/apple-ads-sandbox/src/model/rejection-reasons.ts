// Creative rejection reasons (creativerejectionreason.md): App Store review turns down one
// locale of about half the custom product pages, chosen by the seed, and every live custom-page
// creative of an account pointing at such a page carries the reason. The creative itself stays
// VALID: only that locale's storefront is affected.
import { productPageLocales, storefrontOfLocale } from './app-locales.js';
import type { Creative } from './entities.js';
import { hash, hashString, pick, unit } from './hash.js';
import type { SandboxStore } from './store.js';

export interface CreativeRejectionReason {
  id: number;
  adamId: number;
  creativeId: number;
  productPageId: string | null;
  assetId: string | null;
  supplySource: string;
  supplyPlacement: string;
  countryOrRegion: string;
  languageCode: string;
  reasonType: string;
  reasonCode: string;
  comment: string | null;
  reasonLevel: string;
  creationTime: string;
  modificationTime: string;
}

/** The reason codes of Apple's examples. */
const REASON_CODES = ['SCREENSHOT_NOT_REPRESENTATIVE', 'APP_NOT_ELIGIBLE'] as const;

/** The rejection reasons of the account's live creatives, ordered by creative. */
export function creativeRejectionReasons(
  store: SandboxStore,
  adAccountId: number,
): CreativeRejectionReason[] {
  return [...store.creatives.values()]
    .filter((creative) => creative.adAccountId === adAccountId && !creative.deleted)
    .flatMap((creative) => reasonOf(store, creative) ?? []);
}

function reasonOf(store: SandboxStore, creative: Creative): CreativeRejectionReason | undefined {
  const page = store.productPages.get(creative.destination.parameters.productPageId ?? '');
  if (!page) return undefined;
  const pageHash = hashString(page.id);
  const [, ...secondary] = productPageLocales(store.seed, page);
  if (secondary.length === 0 || unit(store.seed, 52, pageHash) >= 0.5) return undefined;
  const languageCode = pick(secondary, unit(store.seed, 53, pageHash));
  const reasonCode = pick(REASON_CODES, unit(store.seed, 54, pageHash));
  const app = store.appsByAdamId.get(page.adamId);
  return {
    id: 100_000_000 + (hash(store.seed, creative.id, pageHash) % 900_000_000),
    adamId: page.adamId,
    creativeId: creative.id,
    productPageId: page.id,
    assetId: null,
    supplySource: 'APPSTORE',
    supplyPlacement: 'APPSTORE_SEARCH_RESULTS',
    countryOrRegion: storefrontOfLocale(languageCode) ?? 'US',
    languageCode,
    reasonType: 'REJECTION_REASON',
    reasonCode,
    comment:
      reasonCode === 'SCREENSHOT_NOT_REPRESENTATIVE'
        ? `Screenshot does not accurately represent the ${app?.name ?? 'app'} app experience.`
        : null,
    reasonLevel: 'CUSTOM_PRODUCT_PAGE_LOCALE',
    creationTime: page.modificationTime,
    modificationTime: page.modificationTime,
  };
}
