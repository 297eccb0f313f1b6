// The product pages an ad of the wizard can show, read live from Apple (they are not synced): the
// app's default page and its custom pages, each with its locales and the asset counts per display
// size of its primary locale. Any Apple failure answers the spec's "Unable to fetch asset details".
import type { AccountClient, LocaleDetails } from '@tapwise/apple-ads';
import {
  CAMPAIGN_CREATION_MESSAGES as MESSAGES,
  deviceClassOfSize,
  type ProductPageDeviceAssets,
  type ProductPageSummary,
} from '@tapwise/contracts';
import type { SecretBox } from '../../platform/crypto/secret-box';
import type { Database } from '../../platform/db/database';
import { openAppleAdsReader } from '../integrations/apple-ads-reader';
import { collect } from '../sync/entity-rows';

/** An app has a few dozen locales at most: one page of Apple's largest size holds them all. */
const ALL_LOCALES = { pagination: { offset: 0, pageSize: 1000 } };

function deviceAssets(locale: LocaleDetails | undefined): ProductPageDeviceAssets[] {
  return Object.entries(locale?.assetsByDevice ?? {}).map(([deviceSize, device]) => ({
    deviceSize,
    deviceClass: deviceClassOfSize(deviceSize),
    assets: device.assets.length,
    fallbackDevices: device.appPreviewDeviceFallBackDevices ?? [],
  }));
}

/** The locales with the primary one first (custom pages do not mark it: the app's is used). */
function primaryFirst<T extends LocaleDetails>(locales: T[], primaryCode: string | undefined): T[] {
  const primary = locales.find((locale) => locale.languageCode === primaryCode) ?? locales[0];
  return primary ? [primary, ...locales.filter((locale) => locale !== primary)] : [];
}

const summary = (
  page: Pick<ProductPageSummary, 'kind' | 'productPageId' | 'name' | 'state'>,
  locales: LocaleDetails[],
): ProductPageSummary => ({
  ...page,
  locales: locales.map((locale) => locale.languageCode),
  devices: deviceAssets(locales[0]),
});

async function readProductPages(
  account: AccountClient,
  adamId: number,
): Promise<ProductPageSummary[]> {
  const [appLocales, customPages] = await Promise.all([
    account.apps.localeDetails(adamId, ALL_LOCALES),
    collect(
      account.productPages.all({
        filters: [{ field: 'adamId', operator: 'EQUALS', value: adamId }],
      }),
    ),
  ]);
  const defaultLocales = primaryFirst(
    appLocales.result,
    appLocales.result.find((locale) => locale.isPrimaryLocale)?.languageCode,
  );
  const primaryCode = defaultLocales[0]?.languageCode;
  const customSummaries = await Promise.all(
    customPages.map(async (page) => {
      const locales = await account.productPages.localeDetails({
        filters: [{ field: 'productPageId', operator: 'EQUALS', value: page.id }],
        ...ALL_LOCALES,
      });
      return summary(
        { kind: 'custom', productPageId: page.id, name: page.name, state: page.state },
        primaryFirst(locales.result, primaryCode),
      );
    }),
  );
  const defaultPage = summary(
    { kind: 'default', productPageId: null, name: defaultLocales[0]?.appName ?? '', state: null },
    defaultLocales,
  );
  return [defaultPage, ...customSummaries];
}

/** The app's product pages in an ad account of the team; another team's account is not found. */
export async function listProductPages(
  ctx: { db: Database; secrets: SecretBox },
  teamId: string,
  target: { adAccountId: number; adamId: number },
): Promise<ProductPageSummary[]> {
  const reader = await openAppleAdsReader(ctx, teamId, target.adAccountId);
  return reader.read(
    (account) => readProductPages(account, target.adamId),
    MESSAGES.assetDetailsFailed,
  );
}
