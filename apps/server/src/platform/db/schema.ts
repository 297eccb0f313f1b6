// Every table of Tapwise, gathered for Drizzle and drizzle-kit. Each module owns its tables.
export * from '../../modules/activity-log/activity-log.tables';
