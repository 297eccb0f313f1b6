// App Store storefronts of the simulation: which codes are storefronts at all (others answer 400,
// as Apple does), and the currency and price format of those where catalogue apps are sold.
import { APP_STOREFRONTS } from '../model/catalogue.js';

/**
 * Storefront codes the sandbox accepts (lower case): the market model's twelve and the storefronts
 * Tapwise researches. Apple has more; any other code is refused like an unknown one.
 */
const KNOWN_STOREFRONTS: ReadonlySet<string> = new Set([
  'ae', 'ar', 'at', 'au', 'az', 'be', 'bg', 'bh', 'br', 'ca', 'ch', 'cl', 'co', 'cr', 'cz', 'de',
  'dk', 'do', 'dz', 'ec', 'eg', 'es', 'fi', 'fr', 'gb', 'gr', 'gt', 'hk', 'hn', 'hr', 'hu', 'id',
  'ie', 'il', 'in', 'it', 'jo', 'jp', 'kh', 'kr', 'kw', 'kz', 'lb', 'lk', 'lt', 'lu', 'lv', 'ma',
  'mo', 'mx', 'my', 'ng', 'nl', 'no', 'nz', 'om', 'pa', 'pe', 'ph', 'pk', 'pl', 'pt', 'py', 'qa',
  'ro', 'rs', 'sa', 'se', 'sg', 'si', 'sk', 'sv', 'th', 'tr', 'tw', 'tz', 'ua', 'us', 'uy', 'uz',
  'vn', 'za',
]); // prettier-ignore

/** The storefront's lower-case code, or null when the App Store has no such storefront. */
export function storefrontCode(country: string | null): string | null {
  const code = (country ?? 'us').trim().toLowerCase();
  return KNOWN_STOREFRONTS.has(code) ? code : null;
}

/** Whether catalogue apps are published in the storefront (APP_STOREFRONTS, upper case). */
export function sellsCatalogueApps(storefront: string): boolean {
  return APP_STOREFRONTS.includes(storefront.toUpperCase());
}

interface StorefrontPricing {
  currency: string;
  /** Locale of the storefront's price labels. */
  locale: string;
  /** Apple's price tiers 1, 2, 3, 5 and 10 in the storefront's currency. */
  tiers: readonly number[];
}

const PRICING: Readonly<Record<string, StorefrontPricing>> = {
  us: { currency: 'USD', locale: 'en-US', tiers: [0.99, 1.99, 2.99, 4.99, 9.99] },
  gb: { currency: 'GBP', locale: 'en-GB', tiers: [0.99, 1.99, 2.99, 4.99, 9.99] },
  ca: { currency: 'CAD', locale: 'en-CA', tiers: [1.39, 2.79, 3.99, 6.99, 13.99] },
  de: { currency: 'EUR', locale: 'de-DE', tiers: [0.99, 1.99, 2.99, 4.99, 9.99] },
  fr: { currency: 'EUR', locale: 'fr-FR', tiers: [0.99, 1.99, 2.99, 4.99, 9.99] },
  au: { currency: 'AUD', locale: 'en-AU', tiers: [1.49, 2.99, 4.49, 7.99, 15.99] },
  jp: { currency: 'JPY', locale: 'ja-JP', tiers: [160, 300, 500, 800, 1500] },
};

export const PRICE_TIER_COUNT = 5;

export interface StorefrontPrice {
  price: number;
  currency: string;
  /** "Free", or the amount in the storefront's format ("$0.99", "0,99 €"). */
  formattedPrice: string;
}

/** The price of a tier (0 = free, 1-5 = the tiers above) in a storefront selling apps. */
export function storefrontPrice(storefront: string, tier: number): StorefrontPrice {
  const pricing = PRICING[storefront] ?? (PRICING.us as StorefrontPricing);
  const price = tier === 0 ? 0 : (pricing.tiers[tier - 1] ?? 0);
  return {
    price,
    currency: pricing.currency,
    formattedPrice: price === 0 ? 'Free' : priceFormat(pricing).format(price),
  };
}

const priceFormats = new Map<string, Intl.NumberFormat>();
function priceFormat({ locale, currency }: StorefrontPricing): Intl.NumberFormat {
  let format = priceFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    priceFormats.set(locale, format);
  }
  return format;
}
