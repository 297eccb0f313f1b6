// Closed by default for GraphQL: every root field declares its access in its options
// (`...access('goals.read')`). Building the schema fails on a field that does not, and every
// declared field is wrapped so the check runs before its resolver.
import type { Access } from '@tapwise/contracts';
import { defaultFieldResolver, type GraphQLSchema } from 'graphql';
import { assertAccess } from '../auth/auth-context';
import type { GraphQLContext } from './builder';
import { argumentFormCheck } from './argument-forms';
import { expectedGraphQLError } from './graphql-errors';

export function access(required: Access) {
  return { extensions: { access: required } };
}

export class UndeclaredFieldAccessError extends Error {}

/** Every root field with its declared access, for tests that check the whole surface. */
export function rootFieldAccess(schema: GraphQLSchema) {
  const fields: { operation: string; kind: 'query' | 'mutation'; access: Access | undefined }[] =
    [];
  for (const [kind, type] of [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
  ] as const) {
    for (const field of Object.values(type?.getFields() ?? {})) {
      fields.push({
        operation: field.name,
        kind,
        access: field.extensions.access as Access | undefined,
      });
    }
  }
  return fields;
}

export function applyAccessGuards(schema: GraphQLSchema): GraphQLSchema {
  for (const type of [schema.getQueryType(), schema.getMutationType()]) {
    for (const field of Object.values(type?.getFields() ?? {})) {
      const required = field.extensions.access as Access | undefined;
      if (!required) {
        throw new UndeclaredFieldAccessError(
          `GraphQL field ${type!.name}.${field.name} declares no access`,
        );
      }
      const resolve = field.resolve ?? defaultFieldResolver;
      const checkArguments = argumentFormCheck(schema, field);
      // Expected failures become GraphQL errors here, so they are answered, not logged as faults.
      field.resolve = async (source, args, context: GraphQLContext, info) => {
        try {
          assertAccess(context.auth, required);
          checkArguments(args);
          return await resolve(source, args, context, info);
        } catch (error) {
          throw expectedGraphQLError(error) ?? error;
        }
      };
    }
  }
  return schema;
}
