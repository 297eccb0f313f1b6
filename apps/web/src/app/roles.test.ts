import { describe, expect, it } from 'vitest';
import { sidebarItems } from './roles';

const keys = (role: Parameters<typeof sidebarItems>[0]) =>
  sidebarItems(role).map((item) => item.key);
const base = [
  'overview',
  'adsManager',
  'keywordAnalysis',
  'keywordOptimization',
  'automationRules',
  'goals',
  'strategies',
];

describe('sidebar per role', () => {
  it('shows members the seven main items', () => {
    expect(keys('STAFF')).toEqual(base);
  });

  it('adds Team Management and Campaign Generator for admins', () => {
    expect(keys('ADMIN')).toEqual([...base, 'teamManagement', 'campaignGenerator']);
  });

  it('adds Companies and SA Panel for super admins', () => {
    expect(keys('SUPERADMIN')).toEqual([
      ...base,
      'teamManagement',
      'campaignGenerator',
      'companies',
      'saPanel',
    ]);
  });
});
