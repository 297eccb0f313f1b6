// The product pages an ad can show (the app's default page and its custom pages) as the wizard's
// ads step lists them, and the spec's asset rule (spec 2 §5) applied to what Apple v1 gives: asset
// ids per device size, without their orientation. docs/campaign-creation.md explains the choice.
import type { DeviceClass } from './campaigns';
import { PORTRAIT_ASSETS_REQUIRED } from './validation/creative-sets';

/** One display size of a page's primary locale, e.g. "iphone_6_5". */
export interface ProductPageDeviceAssets {
  deviceSize: string;
  /** null for a size of another device (a Mac, an Apple TV): no ad group targets those. */
  deviceClass: DeviceClass | null;
  assets: number;
  /** Sizes Apple falls back to for this size (appPreviewDeviceFallBackDevices). */
  fallbackDevices: string[];
}

/** A product page as getProductPages answers it. */
export interface ProductPageSummary {
  kind: 'default' | 'custom';
  /** The custom page's id; null for the default page. */
  productPageId: string | null;
  name: string;
  /** v1's state of a custom page (PUBLISHED…); null for the default page, which has none. */
  state: string | null;
  /** Locale codes, the primary first. */
  locales: string[];
  /** Assets per display size of the primary locale. */
  devices: ProductPageDeviceAssets[];
}

/** The device class of one of Apple's display size keys ("iphone_6_5", "ipad_pro_129"). */
export function deviceClassOfSize(deviceSize: string): DeviceClass | null {
  const name = deviceSize.toLowerCase();
  if (name.startsWith('iphone')) return 'IPHONE';
  if (name.startsWith('ipad')) return 'IPAD';
  return null;
}

/** A display size as people say it: "iphone_6_5" is iPhone 6.5". */
export function deviceSizeLabel(deviceSize: string): string {
  const match = /^(iphone|ipad)_?(.*)$/i.exec(deviceSize);
  if (!match) return deviceSize;
  const device = match[1]!.toLowerCase() === 'iphone' ? 'iPhone' : 'iPad';
  const size = match[2]!.replace(/^(\d+)_(\d+)$/, '$1.$2"').replaceAll('_', ' ');
  return size ? `${device} ${size}` : device;
}

export type ProductPageAssetIssue =
  /** A warning: too few assets to be sure, as one of them may be landscape. */
  | { kind: 'fewAssets'; deviceClass: DeviceClass; deviceSize: string }
  /** A refusal: the ad group targets a device class the page has no asset for. */
  | { kind: 'noAssets'; deviceClass: DeviceClass };

/**
 * The spec's rule (per iPhone size one landscape or three portrait assets; per iPad size one
 * landscape or two portrait) for the device classes an ad group targets. v1 gives no
 * orientation, so a size with fewer assets than the portrait minimum, and no fallback size with
 * enough, is only warned about; a targeted class without any asset is refused.
 */
export function productPageAssetIssues(
  devices: readonly ProductPageDeviceAssets[],
  targeted: readonly DeviceClass[],
): ProductPageAssetIssue[] {
  const bySize = new Map(devices.map((device) => [device.deviceSize, device]));
  return targeted.flatMap((deviceClass): ProductPageAssetIssue[] => {
    const sizes = devices.filter((device) => device.deviceClass === deviceClass);
    if (!sizes.some((size) => size.assets > 0)) return [{ kind: 'noAssets', deviceClass }];
    const enough = (size: ProductPageDeviceAssets | undefined) =>
      (size?.assets ?? 0) >= PORTRAIT_ASSETS_REQUIRED[deviceClass];
    return sizes
      .filter((size) => !enough(size) && !size.fallbackDevices.some((f) => enough(bySize.get(f))))
      .map((size) => ({ kind: 'fewAssets', deviceClass, deviceSize: size.deviceSize }));
  });
}

/** Whether the issues refuse the page for the ad group (a warning does not). */
export const refusesProductPage = (issues: readonly ProductPageAssetIssue[]) =>
  issues.some((issue) => issue.kind === 'noAssets');
