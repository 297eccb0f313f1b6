export * from './violations';
export * from './selector';
export * from './reports';
export * from './insights';
