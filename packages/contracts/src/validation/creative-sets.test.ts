import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creativeSetAssetsSchema, meetsCreativeSetAssetRule } from './creative-sets';
import { issuesAt } from './testing';

const counts = fc.record({ landscape: fc.nat({ max: 10 }), portrait: fc.nat({ max: 10 }) });

describe('creative-set asset rule', () => {
  it('needs one landscape or three portrait assets per iPhone size', () => {
    fc.assert(
      fc.property(counts, (assets) => {
        expect(meetsCreativeSetAssetRule('IPHONE', assets)).toBe(
          assets.landscape >= 1 || assets.portrait >= 3,
        );
      }),
    );
  });

  it('needs one landscape or two portrait assets per iPad size', () => {
    fc.assert(
      fc.property(counts, (assets) => {
        expect(meetsCreativeSetAssetRule('IPAD', assets)).toBe(
          assets.landscape >= 1 || assets.portrait >= 2,
        );
      }),
    );
  });

  it('reports each short size at its index with the message of its device class', () => {
    const sizes = [
      { deviceSize: 'iphone_6_5', deviceClass: 'IPHONE', landscape: 0, portrait: 3 },
      { deviceSize: 'iphone_5_5', deviceClass: 'IPHONE', landscape: 0, portrait: 2 },
      { deviceSize: 'ipad_12_9', deviceClass: 'IPAD', landscape: 0, portrait: 2 },
      { deviceSize: 'ipad_11', deviceClass: 'IPAD', landscape: 0, portrait: 1 },
    ];
    expect(issuesAt(creativeSetAssetsSchema, sizes)).toEqual([
      { path: [1], message: 'validation.creativeSetIphoneAssets' },
      { path: [3], message: 'validation.creativeSetIpadAssets' },
    ]);
  });

  it('refuses a creative set without any size', () => {
    expect(issuesAt(creativeSetAssetsSchema, [])).toEqual([
      { path: [], message: 'validation.creativeSetEmpty' },
    ]);
  });
});
