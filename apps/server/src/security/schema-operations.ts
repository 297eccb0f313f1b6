// The API surface as data, for the security suite: every root field with an operation that asks
// for all it answers, and its arguments filled in by whoever calls (a tenant's ids, generated
// values). Types are read by their printed names: the schema may hold another copy of graphql's
// classes than the one this module would import.
import type { GraphQLField, GraphQLSchema } from 'graphql';
import { rootFieldAccess } from '../platform/graphql/access-guard';

export type OperationKind = 'query' | 'mutation';

export interface RootOperation {
  kind: OperationKind;
  name: string;
  access: ReturnType<typeof rootFieldAccess>[number]['access'];
  field: GraphQLField<unknown, unknown>;
}

/** The named type under a printed type: `[ReportRow!]!` → `ReportRow`. */
export const namedTypeName = (type: { toString(): string }) =>
  type.toString().replace(/[[\]!]/g, '');

export function rootOperations(schema: GraphQLSchema): RootOperation[] {
  return rootFieldAccess(schema).map(({ operation, kind, access }) => {
    const type = kind === 'query' ? schema.getQueryType()! : schema.getMutationType()!;
    return { kind, name: operation, access, field: type.getFields()[operation]! };
  });
}

/** Every scalar an answer holds, objects opened two levels deep: what a leak would show. */
function selectionOf(schema: GraphQLSchema, typeName: string, depth: number): string {
  const type = schema.getType(typeName);
  if (!type || !('getFields' in type) || !('getInterfaces' in type)) return '';
  const fields = Object.values(type.getFields()).filter((field) =>
    field.args.every((arg) => !arg.type.toString().endsWith('!')),
  );
  const parts = fields.flatMap((field) => {
    const named = schema.getType(namedTypeName(field.type));
    if (!named || !('getFields' in named)) return [field.name];
    if (depth <= 0) return [];
    const inner = selectionOf(schema, named.name, depth - 1);
    return inner ? [`${field.name} ${inner}`] : [];
  });
  return parts.length ? `{ ${parts.join(' ')} }` : '{ __typename }';
}

/** `query($a: T!) { op(a: $a) { … } }`: every argument as a variable of its own type. */
export function operationDocument(schema: GraphQLSchema, operation: RootOperation): string {
  const { field } = operation;
  const variables = field.args.map((arg) => `$${arg.name}: ${arg.type.toString()}`).join(', ');
  const args = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const selection = selectionOf(schema, namedTypeName(field.type), 2);
  return `${operation.kind}${variables ? `(${variables})` : ''} { ${field.name}${
    args ? `(${args})` : ''
  } ${selection} }`;
}

/** Where an argument value sits, for whoever fills it in. */
export interface ArgumentSlot {
  operation: string;
  /** `input.adAccountId`, `filter.campaignIds.0`… */
  path: string;
  /** The argument's or input field's own name. */
  name: string;
  /** Its named type: `ID`, `Float`, `JSON`, an enum or input object name. */
  type: string;
  isList: boolean;
  required: boolean;
}

export interface ArgumentWalker<Value> {
  /** A value for a slot, or undefined to let the walk build one from its type. */
  leaf(slot: ArgumentSlot, enumValues: string[] | undefined): Value | undefined;
  object(fields: [string, Value][], slot: ArgumentSlot): Value;
  list(item: Value, slot: ArgumentSlot): Value;
  /** An optional slot: with or without a value. */
  optional(value: Value, slot: ArgumentSlot): Value;
  /** A slot with no value (an optional field left out). */
  absent(slot: ArgumentSlot): Value | undefined;
}

/** Walks an operation's arguments, letting `walker` decide every value; returns `{ arg: value }`. */
export function walkArguments<Value>(
  schema: GraphQLSchema,
  operation: RootOperation,
  walker: ArgumentWalker<Value>,
): [string, Value][] {
  const walk = (
    type: { toString(): string },
    name: string,
    path: string,
    depth: number,
  ): Value | undefined => {
    const printed = type.toString();
    const required = printed.endsWith('!');
    const slot: ArgumentSlot = {
      operation: operation.name,
      path,
      name,
      type: namedTypeName(type),
      isList: printed.startsWith('['),
      required,
    };
    const named = schema.getType(slot.type);
    const enumValues =
      named && 'getValues' in named ? named.getValues().map((value) => value.name) : undefined;
    let value = walker.leaf(slot, enumValues);
    if (value === undefined && named && 'getFields' in named && depth < 4) {
      const fields = Object.values(named.getFields()).flatMap((field) => {
        const inner = walk(field.type, field.name, `${path}.${field.name}`, depth + 1);
        return inner === undefined ? [] : [[field.name, inner] as [string, Value]];
      });
      value = walker.object(fields, slot);
      if (slot.isList) value = walker.list(value, slot);
    }
    if (value === undefined) return required ? undefined : walker.absent(slot);
    return required ? value : walker.optional(value, slot);
  };
  return operation.field.args.flatMap((arg) => {
    const value = walk(arg.type, arg.name, arg.name, 0);
    return value === undefined ? [] : [[arg.name, value] as [string, Value]];
  });
}

/** Plausible values for what a caller does not pick: names the API knows, a period, defaults. */
function ordinaryValue(
  slot: ArgumentSlot,
  enumValues: string[] | undefined,
  period: { start: string; end: string },
): unknown {
  if (enumValues) return slot.isList ? [enumValues[0]] : enumValues[0];
  const byName: Record<string, unknown> = {
    ...period,
    granularity: 'DAY',
    tab: 'keywords',
    level: 'keyword',
    action: 'pause',
    param: 'spend',
    metric: 'spend',
    operator: 'GREATER_THAN',
    gender: 'MF',
    period: 'last7Days',
    target: 'campaign',
    bid: '1.00',
  };
  if (slot.type === 'String' && slot.name in byName && !slot.isList) return byName[slot.name];
  const byType: Record<string, unknown> = {
    String: 'x',
    Int: 1,
    Float: 1,
    Boolean: false,
    DateTime: '2026-01-01T00:00:00Z',
  };
  const value = byType[slot.type];
  return value === undefined || !slot.required ? undefined : slot.isList ? [value] : value;
}

/**
 * Variables for an operation's document: `pick` names the values that matter to the test (ids,
 * documents); everything else gets a plausible value, optional arguments only when picked.
 */
export function sampleVariables(
  schema: GraphQLSchema,
  operation: RootOperation,
  period: { start: string; end: string },
  pick: (slot: ArgumentSlot) => unknown,
): Record<string, unknown> {
  return Object.fromEntries(
    walkArguments<unknown>(schema, operation, {
      leaf: (slot, enumValues) => pick(slot) ?? ordinaryValue(slot, enumValues, period),
      object: (fields) => Object.fromEntries(fields),
      list: (item) => [item],
      optional: (value) => value,
      absent: () => undefined,
    }),
  );
}

/**
 * A value of the argument's type as GraphQL text (an input object gets its required fields);
 * its content does not matter to access and entitlement checks.
 */
function sampleValue(schema: GraphQLSchema, arg: { type: { toString(): string } }): string {
  const type = schema.getType(namedTypeName(arg.type));
  if (type && 'getValues' in type) return type.getValues()[0]!.name;
  if (type && 'getFields' in type) {
    const required = Object.values(type.getFields()).filter((field) =>
      field.type.toString().endsWith('!'),
    );
    return `{ ${required.map((field) => `${field.name}: ${sampleValue(schema, field)}`).join(', ')} }`;
  }
  switch (namedTypeName(arg.type)) {
    case 'ID':
      return '"00000000-0000-4000-8000-00000000abcd"';
    case 'Int':
    case 'Float':
      return '1';
    case 'Boolean':
      return 'false';
    case 'DateTime':
      return '"2026-01-01T00:00:00Z"';
    default:
      return '"x"';
  }
}

/** `query { op(required: sample) { __typename } }`: an operation that passes GraphQL validation. */
export function sampleOperationText(
  schema: GraphQLSchema,
  kind: OperationKind,
  field: GraphQLField<unknown, unknown>,
): string {
  const args = field.args.filter((arg) => arg.type.toString().endsWith('!'));
  const argText = args.length
    ? `(${args.map((arg) => `${arg.name}: ${sampleValue(schema, arg)}`).join(', ')})`
    : '';
  const type = schema.getType(namedTypeName(field.type));
  const selection = type && 'getFields' in type ? ' { __typename }' : '';
  return `${kind} { ${field.name}${argText}${selection} }`;
}
