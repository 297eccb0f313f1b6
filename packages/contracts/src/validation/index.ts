// Validation rules of spec 2 §5 as zod schemas; issue messages are keys of validationMessages.
export * from './messages';
export { characterCount } from './text-rules';
export * from './names';
export * from './money';
export * from './contact';
export * from './cards';
export * from './email-lists';
export * from './generator-range';
export * from './rule-values';
export * from './creative-sets';
