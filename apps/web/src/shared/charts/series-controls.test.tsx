import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MetricKey } from '@tapwise/contracts';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../features/ads-manager/actions/actions-test-kit';
import { initI18n } from '../i18n/i18n';
import { SeriesControls } from './series-controls';

beforeAll(async () => {
  await initI18n('en');
});

describe('series chart controls', () => {
  it('adds a third metric of a unit already drawn, but offers no third unit', async () => {
    const onSettingsChange = vi.fn();
    renderWithApp(
      <SeriesControls
        settings={{ metrics: ['spend', 'taps'] as MetricKey[], granularity: 'DAY' }}
        onSettingsChange={onSettingsChange}
      />,
      { mantineEnv: 'test' },
    );
    const user = userEvent.setup();
    await user.click(screen.getAllByLabelText(/Chart metrics/)[0]!);
    const option = (name: string) => screen.getByRole('option', { name, hidden: true });
    expect(option('TTR').getAttribute('data-combobox-disabled')).toBe('true');
    expect(option('Installs').getAttribute('data-combobox-disabled')).toBeNull();

    await user.click(option('Installs'));
    expect(onSettingsChange).toHaveBeenCalledWith({
      metrics: ['spend', 'taps', 'installs'],
      granularity: 'DAY',
    });
  });
});
