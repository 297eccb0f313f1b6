// Every table of Tapwise, gathered for Drizzle and drizzle-kit. Each module owns its tables.
export * from '../../modules/activity-log/activity-log.tables';
export * from '../../modules/accounts/accounts.tables';
export * from '../../modules/teams/teams.tables';
export * from '../../modules/mail/mail.tables';
export * from '../../modules/integrations/integrations.tables';
export * from '../../modules/ads-data/ads-entities.tables';
export * from '../../modules/ads-data/report-facts.tables';
export * from '../../modules/sync/sync.tables';
export * from '../../modules/analytics/presets.tables';
export * from '../../modules/ads-manager/views.tables';
export * from '../../modules/apple-writes/bulk-actions.tables';
export * from '../../modules/automation/automation.tables';
export * from '../../modules/currencies/currencies.tables';
export * from '../jobs/worker-processes.tables';
export * from '../../modules/campaign-creation/campaign-creation.tables';
export * from '../../modules/keyword-research/keyword-research.tables';
