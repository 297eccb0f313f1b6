export * from './violations';
export * from './routes-shared-budgets';
export * from './routes-ad-accounts';
export * from './routes-locations';
export * from './routes-business-brands';
