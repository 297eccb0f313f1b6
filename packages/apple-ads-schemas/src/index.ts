export * from './violations';
export * from './entities-common';
export * from './entities-campaigns';
export * from './entities-adgroups';
export * from './entities-keywords';
export * from './entities-negative-keywords';
export * from './entities-ads';
export * from './entities-creatives';
