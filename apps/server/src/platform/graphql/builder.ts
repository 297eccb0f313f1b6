// The one Pothos schema builder; each module adds its types and fields to it.
import SchemaBuilder from '@pothos/core';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { FastifyBaseLogger } from 'fastify';

export interface GraphQLContext {
  db: Database;
  config: Config;
  logger: FastifyBaseLogger;
  requestId: string;
}

export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  DefaultFieldNullability: false;
}>({ defaultFieldNullability: false });

builder.queryType({});
