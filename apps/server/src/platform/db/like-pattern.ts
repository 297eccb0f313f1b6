/** An ILIKE pattern for text containing `search` as typed: its `%`, `_` and `\` match themselves. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[%_\\]/g, '\\$&')}%`;
}
