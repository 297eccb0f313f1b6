// The sidebar each role of spec 1 §6 sees (spec 1 §2, Navigation).
import type { EnterpriseFeature, PermissionArea, Role } from '@tapwise/contracts';

export type { Role };

export interface SidebarItem {
  key: string;
  path: string;
  /** The guarded area behind the item; items the user lacks permission for are greyed. */
  area?: PermissionArea;
  /** The enterprise feature behind the item; outside the plan it is greyed and offers an upgrade. */
  feature?: EnterpriseFeature;
}

const everyone: SidebarItem[] = [
  { key: 'overview', path: '/overview' },
  { key: 'adsManager', path: '/ads-manager', area: 'adsManager' },
  { key: 'keywordAnalysis', path: '/keyword-auction-insights', area: 'keywordAnalysis' },
  { key: 'keywordOptimization', path: '/keyword-optimization', area: 'keywordOptimization' },
  { key: 'automationRules', path: '/arrules', area: 'automationRules' },
  { key: 'goals', path: '/goals', area: 'goals' },
  { key: 'strategies', path: '/strategies', area: 'strategies' },
];

const adminExtras: SidebarItem[] = [
  { key: 'teamManagement', path: '/team-management', area: 'teamManagement' },
  {
    key: 'campaignGenerator',
    path: '/campaign-generator-details',
    area: 'campaignGenerator',
    feature: 'campaignGenerator',
  },
];

const superAdminExtras: SidebarItem[] = [
  { key: 'companies', path: '/users' },
  { key: 'saPanel', path: '/searchads-manage' },
];

export function sidebarItems(role: Role | undefined): SidebarItem[] {
  switch (role) {
    case 'SUPERADMIN':
      return [...everyone, ...adminExtras, ...superAdminExtras];
    case 'ADMIN':
      return [...everyone, ...adminExtras];
    default:
      return everyone;
  }
}
