// Test helper: the message keys a schema reports for an input, empty when the input is accepted.
import type * as z from 'zod';

export function issueMessages(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

export function issuesAt(
  schema: z.ZodType,
  input: unknown,
): { path: PropertyKey[]; message: string }[] {
  const result = schema.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map(({ path, message }) => ({ path: [...path], message }));
}
