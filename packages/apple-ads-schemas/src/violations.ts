// The rules of Apple's v1 reference, shared by the client (which refuses a call that breaks one
// before it leaves Tapwise) and the sandbox (which answers it as Apple does). A schema's messages
// name the rule; `violationsOf` turns a failed parse into Apple's error details.
import type { z } from 'zod';

/** One broken rule, in the form of Apple's ErrorDetail: `{code, message, info: {field}}`. */
export interface V1Violation {
  code:
    | 'FIELD_REQUIRED'
    | 'INVALID_FIELD'
    | 'INVALID_VALUE'
    // Named by a page for one rule (geo search, app search, suggestions).
    | 'MIN_QUERY_LENGTH'
    | 'INVALID_INPUT'
    | 'INVALID_COUNTRY_CODE'
    | 'MISSING_REQUIRED_FILTER';
  message: string;
  /** Dotted path of the field in the request body ('' for the body itself). */
  field: string;
}

/** Thrown by the client for a call Apple would refuse; nothing was sent. */
export class V1RequestError extends Error {
  constructor(
    readonly operation: string,
    readonly violations: V1Violation[],
  ) {
    super(
      `${operation} breaks Apple Ads v1 rules: ${violations
        .map((violation) => `${violation.field || 'body'}: ${violation.message}`)
        .join('; ')}`,
    );
    this.name = 'V1RequestError';
  }
}

function fieldOf(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

/** The body's value at an issue's path: zod 4 leaves `input` out of its issues by default. */
function valueAt(body: unknown, path: readonly PropertyKey[]): unknown {
  let value = body;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** What Apple's reference says is wrong with `body`; empty when the schema accepts it. */
export function violationsOf(schema: z.ZodType, body: unknown): V1Violation[] {
  const parsed = schema.safeParse(body);
  if (parsed.success) return [];
  return parsed.error.issues.flatMap((issue): V1Violation[] => {
    const field = fieldOf(issue.path);
    if (issue.code === 'unrecognized_keys')
      return issue.keys.map((key) => ({
        code: 'INVALID_FIELD',
        message: `${key} is not a field of this request`,
        field: field ? `${field}.${key}` : key,
      }));
    // Absent (not null) where a value or one of an enum's values is needed.
    if (
      (issue.code === 'invalid_type' || issue.code === 'invalid_value') &&
      valueAt(body, issue.path) === undefined
    )
      return [{ code: 'FIELD_REQUIRED', message: `${field} is required`, field }];
    // A refinement may name Apple's code itself, e.g. a required filter missing from a list.
    if (issue.code === 'custom' && issue.params?.violation)
      return [
        { code: issue.params.violation as V1Violation['code'], message: issue.message, field },
      ];
    return [{ code: 'INVALID_VALUE', message: issue.message, field }];
  });
}

/** Parses `body` or throws V1RequestError naming every broken rule (client side). */
export function requireValid<Schema extends z.ZodType>(
  operation: string,
  schema: Schema,
  body: unknown,
): z.infer<Schema> {
  const violations = violationsOf(schema, body);
  if (violations.length) throw new V1RequestError(operation, violations);
  return schema.parse(body);
}
