// Forms every input must have before any handler reads it, whatever the operation: text without
// the NUL character (PostgreSQL cannot store one) and ids that are Tapwise's UUIDs. What the
// content means is each operation's own zod schema's to check.
import type { ValidationMessageKey } from '@tapwise/contracts';
import { AppError } from '../errors';

/** Problems by the path of the value that has them, as in every BAD_REQUEST's details. */
export type FormProblems = Record<string, ValidationMessageKey>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): boolean {
  return typeof value === 'string' && UUID.test(value);
}

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

/** Notes every string of a value, at any depth and in object keys too, that holds a NUL. */
export function findNulCharacters(value: unknown, path: string, problems: FormProblems): void {
  if (typeof value === 'string') {
    if (value.includes('\0')) problems[path || '_'] = 'validation.nulCharacter';
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => findNulCharacters(item, join(path, index), problems));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\0')) problems[path || '_'] = 'validation.nulCharacter';
      else findNulCharacters(item, join(path, key), problems);
    }
  }
}

export function assertWellFormed(problems: FormProblems): void {
  if (Object.keys(problems).length) {
    throw new AppError('BAD_REQUEST', 'The request is not valid', problems);
  }
}

/** Refuses input with a NUL character anywhere, naming where (`body.name`, `query.search`…). */
export function assertNoNulCharacters(parts: Record<string, unknown>): void {
  const problems: FormProblems = {};
  for (const [part, value] of Object.entries(parts)) findNulCharacters(value, part, problems);
  assertWellFormed(problems);
}
