import { act, renderHook } from '@testing-library/react';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLocale, initI18n } from './i18n';
import { useFixedT } from './use-fixed-t';

beforeAll(async () => {
  await initI18n('en');
});

describe('useFixedT', () => {
  it('gives each value its own label from the same key, as i18next would', () => {
    const { result } = renderHook(() => useFixedT());
    const t = result.current;
    for (const name of ['keyword 1', 'keyword 2', 'price $& {{name}} 100%'])
      expect(t('adsManager.table.selectRow', { name })).toBe(
        i18next.t('adsManager.table.selectRow', { name }),
      );
    expect(t('adsManager.table.selectRow', { name: 'keyword 1' })).toBe('Select keyword 1');
    expect(t('adsActions.editBid', { name: 'chess', bid: '$1.20' })).toBe(
      'Bid $1.20 for chess, press to edit',
    );
  });

  it('leaves plurals and missing keys to i18next', () => {
    const { result } = renderHook(() => useFixedT());
    const t = result.current;
    expect(t('adsActions.selectedRows', { count: 1 })).toBe(
      i18next.t('adsActions.selectedRows', { count: 1 }),
    );
    expect(t('adsActions.selectedRows', { count: 3 })).toBe('3 selected rows');
    expect(t('adsManager.reasons.NO_SUCH_CODE', { defaultValue: 'No such code' })).toBe(
      'No such code',
    );
    expect(t('adsManager.reasons.OTHER_CODE', { defaultValue: 'Other code' })).toBe('Other code');
  });

  it('follows the language', async () => {
    const { result } = renderHook(() => useFixedT());
    await act(() => changeLocale('de'));
    expect(result.current('adsManager.table.selectRow', { name: 'Schach' })).toBe(
      i18next.getFixedT('de')('adsManager.table.selectRow', { name: 'Schach' }),
    );
    expect(result.current('adsManager.table.selectRow', { name: 'Schach' })).toContain('Schach');
    await act(() => changeLocale('en'));
  });
});
