// Mounts graphql-yoga on Fastify at /graphql with graphql-armor's limits. Introspection and
// GraphiQL are available outside production only; field suggestions never leak the schema.
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NoSchemaIntrospectionCustomRule, type GraphQLSchema } from 'graphql';
import { createYoga, type Plugin } from 'graphql-yoga';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { GraphQLContext } from '../graphql/builder';

interface ServerContext {
  req: FastifyRequest;
  reply: FastifyReply;
}

const noIntrospection: Plugin = {
  onValidate({ addValidationRule }) {
    addValidationRule(NoSchemaIntrospectionCustomRule);
  },
};

export const GRAPHQL_LIMITS = {
  maxDepth: 10,
  maxAliases: 15,
  maxTokens: 2000,
  maxCost: 5000,
  maxDirectives: 20,
} as const;

export function registerGraphQL(
  app: FastifyInstance,
  options: { schema: GraphQLSchema; config: Config; db: Database },
) {
  const { schema, config, db } = options;
  const yoga = createYoga<ServerContext, GraphQLContext>({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: !config.isProduction,
    landingPage: false,
    logging: app.log,
    maskedErrors: true,
    plugins: [
      EnvelopArmorPlugin({
        maxDepth: { n: GRAPHQL_LIMITS.maxDepth },
        maxAliases: { n: GRAPHQL_LIMITS.maxAliases },
        maxTokens: { n: GRAPHQL_LIMITS.maxTokens },
        maxDirectives: { n: GRAPHQL_LIMITS.maxDirectives },
        costLimit: { maxCost: GRAPHQL_LIMITS.maxCost },
        blockFieldSuggestion: { enabled: true },
      }),
      ...(config.isProduction ? [noIntrospection] : []),
    ],
    context: ({ req }) => ({ db, config, logger: req.log, requestId: req.id }),
  });

  app.route({
    url: '/graphql',
    method: ['GET', 'POST', 'OPTIONS'],
    config: { access: 'public' },
    handler: async (req, reply) => {
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
      response.headers.forEach((value, key) => reply.header(key, value));
      reply.status(response.status);
      reply.send(response.body);
      return reply;
    },
  });
}
