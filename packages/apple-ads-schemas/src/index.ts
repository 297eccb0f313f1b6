export * from './violations';
