import { describe, expect, it } from 'vitest';
import {
  deviceClassOfSize,
  deviceSizeLabel,
  productPageAssetIssues,
  refusesProductPage,
  type ProductPageDeviceAssets,
} from './product-pages';

const size = (
  deviceSize: string,
  assets: number,
  fallbackDevices: string[] = [],
): ProductPageDeviceAssets => ({
  deviceSize,
  deviceClass: deviceClassOfSize(deviceSize),
  assets,
  fallbackDevices,
});

describe('product page asset rule', () => {
  it('accepts three assets per iPhone size and two per iPad size', () => {
    const devices = [size('iphone_6_5', 3), size('ipad_12_9', 2)];
    expect(productPageAssetIssues(devices, ['IPHONE', 'IPAD'])).toEqual([]);
  });

  it('warns about a size below the portrait minimum, as one asset may be landscape', () => {
    const devices = [size('iphone_6_5', 2), size('ipad_12_9', 1), size('ipad_11', 5)];
    const issues = productPageAssetIssues(devices, ['IPHONE', 'IPAD']);
    expect(issues).toEqual([
      { kind: 'fewAssets', deviceClass: 'IPHONE', deviceSize: 'iphone_6_5' },
      { kind: 'fewAssets', deviceClass: 'IPAD', deviceSize: 'ipad_12_9' },
    ]);
    expect(refusesProductPage(issues)).toBe(false);
  });

  it('lets a fallback size with enough assets stand in for a short size', () => {
    const devices = [size('iphone_6_5', 3), size('iphone_6_7', 1, ['iphone_6_5'])];
    expect(productPageAssetIssues(devices, ['IPHONE'])).toEqual([]);
    const shortFallback = [size('iphone_6_5', 2), size('iphone_6_7', 1, ['iphone_6_5'])];
    expect(productPageAssetIssues(shortFallback, ['IPHONE']).map((i) => i.kind)).toEqual([
      'fewAssets',
      'fewAssets',
    ]);
  });

  it('refuses a page without any asset for a targeted device class', () => {
    const devices = [size('iphone_6_5', 3), size('ipad_12_9', 0)];
    const issues = productPageAssetIssues(devices, ['IPHONE', 'IPAD']);
    expect(issues).toEqual([{ kind: 'noAssets', deviceClass: 'IPAD' }]);
    expect(refusesProductPage(issues)).toBe(true);
  });

  it('judges only the device classes the ad group targets', () => {
    const devices = [size('iphone_6_5', 3), size('appletv', 0)];
    expect(productPageAssetIssues(devices, ['IPHONE'])).toEqual([]);
  });
});

describe('device sizes', () => {
  it('names Apple size keys as people say them', () => {
    expect(deviceSizeLabel('iphone_6_5')).toBe('iPhone 6.5"');
    expect(deviceSizeLabel('ipad_12_9')).toBe('iPad 12.9"');
    expect(deviceSizeLabel('ipad_pro_2018')).toBe('iPad pro 2018');
    expect(deviceSizeLabel('appletv')).toBe('appletv');
    expect(deviceClassOfSize('appletv')).toBeNull();
  });
});
