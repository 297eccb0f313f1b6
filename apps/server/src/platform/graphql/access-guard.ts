// Closed by default for GraphQL: every root field declares its access in its options
// (`...access('goals.read')`). Building the schema fails on a field that does not, and every
// declared field is wrapped so the check runs before its resolver. A field may also name the
// enterprise feature it belongs to (`...access('x.write', { feature: 'scriptedRules' })`); the
// company's plan and subscription state are then checked by the entitlement guard the schema is
// built with (modules/billing/entitlements.ts).
import type { Access, EnterpriseFeature } from '@tapwise/contracts';
import { defaultFieldResolver, type GraphQLSchema } from 'graphql';
import { assertAccess } from '../auth/auth-context';
import type { GraphQLContext } from './builder';
import { argumentFormCheck } from './argument-forms';
import { expectedGraphQLError } from './graphql-errors';

export interface AccessOptions {
  /** The enterprise feature the operation belongs to: refused (ENTERPRISE_ONLY) outside its plans. */
  feature?: EnterpriseFeature;
  /**
   * Whether the operation works on the company's data, so a cancelled subscription refuses it.
   * Unset: every operation with a permission outside the billing and staff areas does.
   */
  tenant?: boolean;
}

/** What a root field or REST route declares: its access and, optionally, its entitlements. */
export interface AccessDeclaration extends AccessOptions {
  access: Access;
}

/** Checks the company's plan and subscription state for a declared operation. */
export type EntitlementGuard = (
  context: GraphQLContext,
  declaration: AccessDeclaration,
) => Promise<void>;

export function access(required: Access, options: AccessOptions = {}) {
  return {
    extensions: {
      access: required,
      ...(options.feature ? { feature: options.feature } : {}),
      ...(options.tenant !== undefined ? { tenant: options.tenant } : {}),
    },
  };
}

function declarationOf(extensions: Record<string, unknown>): AccessDeclaration | undefined {
  const required = extensions.access as Access | undefined;
  if (!required) return undefined;
  return {
    access: required,
    ...(extensions.feature ? { feature: extensions.feature as EnterpriseFeature } : {}),
    ...(extensions.tenant !== undefined ? { tenant: extensions.tenant as boolean } : {}),
  };
}

export class UndeclaredFieldAccessError extends Error {}

/** Every root field with its declared access, for tests that check the whole surface. */
export function rootFieldAccess(schema: GraphQLSchema) {
  const fields: {
    operation: string;
    kind: 'query' | 'mutation';
    access: Access | undefined;
    feature: EnterpriseFeature | undefined;
  }[] = [];
  for (const [kind, type] of [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
  ] as const) {
    for (const field of Object.values(type?.getFields() ?? {})) {
      fields.push({
        operation: field.name,
        kind,
        access: field.extensions.access as Access | undefined,
        feature: field.extensions.feature as EnterpriseFeature | undefined,
      });
    }
  }
  return fields;
}

export function applyAccessGuards(
  schema: GraphQLSchema,
  entitlements?: EntitlementGuard,
): GraphQLSchema {
  for (const type of [schema.getQueryType(), schema.getMutationType()]) {
    for (const field of Object.values(type?.getFields() ?? {})) {
      const declaration = declarationOf(field.extensions);
      if (!declaration) {
        throw new UndeclaredFieldAccessError(
          `GraphQL field ${type!.name}.${field.name} declares no access`,
        );
      }
      const resolve = field.resolve ?? defaultFieldResolver;
      const checkArguments = argumentFormCheck(schema, field);
      // Expected failures become GraphQL errors here, so they are answered, not logged as faults.
      field.resolve = async (source, args, context: GraphQLContext, info) => {
        try {
          assertAccess(context.auth, declaration.access);
          if (entitlements) await entitlements(context, declaration);
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
