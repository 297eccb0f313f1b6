// The one Pothos schema builder; each module adds its types and fields to it.
import SchemaBuilder from '@pothos/core';
import ComplexityPlugin from '@pothos/plugin-complexity';
import type { FastifyBaseLogger } from 'fastify';
import { GraphQLError } from 'graphql';
import { z } from 'zod';
import type { AppContext } from '../../modules/app-context';
import type { AuthContext } from '../auth/auth-context';
import type { RequestOrigin } from '../../modules/accounts/sessions.service';

export interface GraphQLContext {
  app: AppContext;
  logger: FastifyBaseLogger;
  requestId: string;
  /** The caller, or null when anonymous (refused credentials never reach a resolver). */
  auth: AuthContext | null;
  origin: RequestOrigin;
  locale: string;
}

export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  DefaultFieldNullability: false;
  Scalars: {
    DateTime: { Input: Date; Output: Date };
    JSON: { Input: unknown; Output: unknown };
  };
}>({
  defaultFieldNullability: false,
  plugins: [ComplexityPlugin],
  // Only the fields that read a period's facts declare work (query-work.ts); the shape of a
  // query is graphql-armor's to limit.
  complexity: { defaultComplexity: 0, defaultListMultiplier: 1 },
});

const isoDateTime = z.iso.datetime({ offset: true });

/**
 * An instant as ISO 8601 with its offset ("2027-01-31T00:00:00Z"), nothing Date's lenient parser
 * would also take ("1", "May 5"). Refused as a GraphQLError: graphql-js then answers it as the
 * caller's invalid variable rather than as a fault.
 */
builder.scalarType('DateTime', {
  serialize: (value) => value.toISOString(),
  parseValue: (value) => {
    if (!isoDateTime.safeParse(value).success) {
      throw new GraphQLError('DateTime must be an ISO 8601 date and time with its offset');
    }
    return new Date(value as string);
  },
});

/** Free-form JSON (a report row's details, a view's definition); inputs are checked by zod. */
builder.scalarType('JSON', {
  serialize: (value) => value,
  parseValue: (value) => value,
});

builder.queryType({});
builder.mutationType({});
