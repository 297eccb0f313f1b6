// The form of a GraphQL field's arguments, checked before its resolver runs (see
// platform/validation/input-forms.ts): an `ID` is always a Tapwise UUID (Apple's ids travel as
// Float) unless the argument is marked as App Store ids (`appStoreIdArgument`), and no text
// anywhere holds a NUL character.
import type { GraphQLField, GraphQLInputType, GraphQLSchema } from 'graphql';
import {
  assertWellFormed,
  findNulCharacters,
  isUuid,
  type FormProblems,
} from '../validation/input-forms';

type Check = (value: unknown, path: string, problems: FormProblems) => void;

const ofType = (wrapper: GraphQLInputType) => (wrapper as { ofType: GraphQLInputType }).ofType;

// Types are read by their printed names: the schema may hold another copy of graphql's classes
// than the one this module would import (its CommonJS and ESM builds).
function checkOf(schema: GraphQLSchema, type: GraphQLInputType): Check {
  const printed = type.toString().replace(/!$/, '');
  if (printed.startsWith('[')) {
    const list = type.toString().endsWith('!') ? ofType(type) : type;
    const item = checkOf(schema, ofType(list));
    return (value, path, problems) => {
      if (Array.isArray(value))
        value.forEach((entry, index) => item(entry, `${path}.${index}`, problems));
      else item(value, path, problems);
    };
  }
  if (printed === 'ID') {
    return (value, path, problems) => {
      if (value != null && !isUuid(value)) problems[path] = 'validation.idInvalid';
    };
  }
  const named = schema.getType(printed);
  if (named && 'getFields' in named && !('getInterfaces' in named)) {
    const fields = Object.values(named.getFields()).map(
      (field) => [field.name, checkOf(schema, field.type as GraphQLInputType)] as const,
    );
    return (value, path, problems) => {
      if (value === null || typeof value !== 'object') return;
      for (const [name, check] of fields) {
        check((value as Record<string, unknown>)[name], `${path}.${name}`, problems);
      }
    };
  }
  return findNulCharacters;
}

/**
 * Marks an `ID` argument holding App Store app ids (keyword research's contract names them `ID`):
 * their form is the operation's zod schema's to check, not a UUID's.
 */
export const appStoreIdArgument = { extensions: { appStoreId: true } } as const;

/** A function that throws BAD_REQUEST, with a message key per argument path, on a malformed argument. */
export function argumentFormCheck(
  schema: GraphQLSchema,
  field: GraphQLField<unknown, unknown>,
): (args: Record<string, unknown>) => void {
  const checks = field.args.map(
    (arg) =>
      [
        arg.name,
        arg.extensions['appStoreId'] ? findNulCharacters : checkOf(schema, arg.type),
      ] as const,
  );
  return (args) => {
    const problems: FormProblems = {};
    for (const [name, check] of checks) check(args[name], name, problems);
    assertWellFormed(problems);
  };
}
