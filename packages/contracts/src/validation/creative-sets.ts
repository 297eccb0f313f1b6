// Creative-set asset rule of spec 2 §5: per iPhone size at least one landscape or three portrait
// assets; per iPad size one landscape or two portrait.
import * as z from 'zod';
import { DEVICE_CLASSES, type DeviceClass } from '../campaigns';
import type { ValidationMessageKey } from './messages';

/** Portrait assets that stand in for one landscape asset, per device class. */
export const PORTRAIT_ASSETS_REQUIRED: Record<DeviceClass, number> = { IPHONE: 3, IPAD: 2 };
export const LANDSCAPE_ASSETS_REQUIRED = 1;

const failureKey: Record<DeviceClass, ValidationMessageKey> = {
  IPHONE: 'validation.creativeSetIphoneAssets',
  IPAD: 'validation.creativeSetIpadAssets',
};

export interface AssetCounts {
  landscape: number;
  portrait: number;
}

export function meetsCreativeSetAssetRule(deviceClass: DeviceClass, counts: AssetCounts): boolean {
  return (
    counts.landscape >= LANDSCAPE_ASSETS_REQUIRED ||
    counts.portrait >= PORTRAIT_ASSETS_REQUIRED[deviceClass]
  );
}

const assetCount = z.number().int().min(0);

/** Assets chosen for one display size, e.g. Apple's "iphone_6_5" or "ipad_12_9". */
export const creativeSetSizeSchema = z.object({
  deviceSize: z.string().min(1, { error: 'validation.required' }),
  deviceClass: z.enum(DEVICE_CLASSES),
  landscape: assetCount,
  portrait: assetCount,
});

export const creativeSetAssetsSchema = z.array(creativeSetSizeSchema).superRefine((sizes, ctx) => {
  if (sizes.length === 0) {
    ctx.addIssue({ code: 'custom', message: 'validation.creativeSetEmpty' });
    return;
  }
  sizes.forEach((size, index) => {
    if (!meetsCreativeSetAssetRule(size.deviceClass, size)) {
      ctx.addIssue({ code: 'custom', message: failureKey[size.deviceClass], path: [index] });
    }
  });
});

export type CreativeSetSize = z.infer<typeof creativeSetSizeSchema>;
export type CreativeSetAssets = z.infer<typeof creativeSetAssetsSchema>;
