// Mounts graphql-yoga on Fastify at /graphql with graphql-armor's limits. Introspection and
// GraphiQL are available outside production only; field suggestions never leak the schema.
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NoSchemaIntrospectionCustomRule, type GraphQLSchema } from 'graphql';
import { createYoga, type Plugin } from 'graphql-yoga';
import type { AppContext } from '../../modules/app-context';
import { requestLocale, requestOrigin } from '../../modules/accounts/accounts.routes';
import type { AuthContext, Authenticator } from '../auth/auth-context';
import { AppError } from '../errors';
import type { GraphQLContext } from '../graphql/builder';
import { maskError } from '../graphql/graphql-errors';
import { queryWorkLimit } from '../graphql/query-work';

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
  options: { schema: GraphQLSchema; context: AppContext; authenticate: Authenticator },
) {
  const { schema, context: appContext, authenticate } = options;
  const config = appContext.config;
  const yoga = createYoga<ServerContext, GraphQLContext>({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: !config.isProduction,
    landingPage: false,
    logging: app.log,
    maskedErrors: { maskError },
    plugins: [
      EnvelopArmorPlugin({
        maxDepth: { n: GRAPHQL_LIMITS.maxDepth },
        maxAliases: { n: GRAPHQL_LIMITS.maxAliases },
        maxTokens: { n: GRAPHQL_LIMITS.maxTokens },
        maxDirectives: { n: GRAPHQL_LIMITS.maxDirectives },
        costLimit: { maxCost: GRAPHQL_LIMITS.maxCost },
        blockFieldSuggestion: { enabled: true },
      }),
      queryWorkLimit,
      ...(config.isProduction ? [noIntrospection] : []),
    ],
    context: async ({ req }) => {
      let auth: AuthContext | null = null;
      let authError: AppError | null = null;
      try {
        auth = await authenticate({
          authorization: req.headers.authorization,
          sessionId: [req.headers['x-session-id']].flat()[0],
        });
      } catch (error) {
        authError =
          error instanceof AppError
            ? error
            : new AppError('INVALID_SESSION', 'Invalid Session. Try login again');
      }
      return {
        app: appContext,
        logger: req.log,
        requestId: req.id,
        auth,
        authError,
        origin: requestOrigin(req),
        locale: requestLocale(req),
      };
    },
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
