// The spec's creative set rule, checked before a creation sends anything (the wizard checks it
// too): an ad whose product page has no screenshot for a device class its ad group targets is
// refused, as is a custom page Apple does not list for the app. Pages short of the portrait
// minimum are only warned about in the wizard (docs/campaign-creation.md).
import {
  DEVICE_CLASSES,
  validationMessages,
  productPageAssetIssues,
  refusesProductPage,
  type DeviceClass,
  type ProductPageSummary,
  type ValidationMessageKey,
  type WizardAd,
} from '@tapwise/contracts';
import { AppError } from '../../platform/errors';
import type { AppContext } from '../app-context';
import { listProductPages } from './product-pages.service';

export interface AdsToShow {
  /** Where the ad group's ads sit in the input, for the refusal's details ("adGroups.0.ads"). */
  path: string;
  devices: readonly DeviceClass[];
  ads: readonly WizardAd[];
}

const pageOf = (pages: readonly ProductPageSummary[], choice: WizardAd['productPage']) =>
  pages.find((page) =>
    choice.kind === 'default'
      ? page.kind === 'default'
      : page.kind === 'custom' && page.productPageId === choice.productPageId,
  );

export async function assertProductPagesShowable(
  ctx: Pick<AppContext, 'db' | 'secrets'>,
  teamId: string,
  target: { adAccountId: number; adamId: number },
  groups: readonly AdsToShow[],
): Promise<void> {
  if (groups.every((group) => group.ads.length === 0)) return;
  const pages = await listProductPages(ctx, teamId, target);
  const details: Record<string, ValidationMessageKey> = {};
  for (const group of groups)
    group.ads.forEach((ad, index) => {
      const page = pageOf(pages, ad.productPage);
      const path = `${group.path}.${index}.productPage`;
      if (!page) details[path] = 'validation.productPageUnknown';
      else if (refusesProductPage(productPageAssetIssues(page.devices, group.devices)))
        details[path] = 'validation.productPageNoAssets';
    });
  const [first] = Object.values(details);
  if (first) throw new AppError('BAD_REQUEST', validationMessages[first], details);
}

/** The device classes a stored ad group targets (Apple's targeting; none means every class). */
export function targetedDevices(targeting: unknown): DeviceClass[] {
  const include = (targeting as { deviceClass?: { include?: unknown } } | null)?.deviceClass
    ?.include;
  if (!Array.isArray(include)) return [...DEVICE_CLASSES];
  return DEVICE_CLASSES.filter((device) => include.includes(device));
}
