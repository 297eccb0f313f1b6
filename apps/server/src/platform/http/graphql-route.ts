// Mounts graphql-yoga on Fastify at /graphql with graphql-armor's limits. Introspection and
// GraphiQL are available outside production only; field suggestions never leak the schema.
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NoSchemaIntrospectionCustomRule, type GraphQLError, type GraphQLSchema } from 'graphql';
import { createYoga, type Plugin, type YogaLogger } from 'graphql-yoga';
import type { AppContext } from '../../modules/app-context';
import { requestLocale, requestOrigin } from '../../modules/accounts/accounts.routes';
import type { AuthContext, Authenticator } from '../auth/auth-context';
import { AppError } from '../errors';
import { ERROR_MESSAGES } from '@tapwise/contracts';
import type { GraphQLContext } from '../graphql/builder';
import {
  expectedGraphQLError,
  isExpectedError,
  maskError,
  originalError,
  statusFromData,
} from '../graphql/graphql-errors';
import { queryWorkLimit } from '../graphql/query-work';
import { unsupportedMediaType } from './error-handler';

interface ServerContext {
  req: FastifyRequest;
  reply: FastifyReply;
}

const noIntrospection: Plugin = {
  onValidate({ addValidationRule }) {
    addValidationRule(NoSchemaIntrospectionCustomRule);
  },
};

/**
 * yoga's log lines through the server's logger. yoga logs every error it masks or rebuilds: a
 * foreseen one (a refused or invalid request) is information without a stack, anything else an
 * error to look into.
 */
function yogaLogger(log: FastifyBaseLogger): YogaLogger {
  const line =
    (level: 'debug' | 'info' | 'warn') =>
    (...args: unknown[]) =>
      log[level](args.map(String).join(' '));
  return {
    debug: line('debug'),
    info: line('info'),
    warn: line('warn'),
    error: (error: unknown) => {
      const original = originalError(error);
      if (!isExpectedError(original)) return log.error({ err: original }, 'GraphQL error');
      const answered = maskError(original) as GraphQLError;
      log.info({ code: answered.extensions.error }, answered.message);
    },
  };
}

export const GRAPHQL_LIMITS = {
  /** The schema's deepest answer is 4 fields deep; introspection (development only) is exempt. */
  maxDepth: 6,
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
    logging: yogaLogger(app.log),
    maskedErrors: { maskError },
    // The web app's origins only, as for its socket; it sends its session in headers, not cookies.
    cors: (request) => {
      const origin = request.headers.get('origin');
      return origin && config.allowedOrigins.includes(origin)
        ? { origin: [origin], credentials: false, maxAge: 600 }
        : false;
    },
    plugins: [
      statusFromData,
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
      let auth: AuthContext | null;
      try {
        auth = await authenticate({
          authorization: req.headers.authorization,
          sessionId: [req.headers['x-session-id']].flat()[0],
        });
      } catch (error) {
        // Refused credentials concern the whole request, not a field: answered without data, so
        // with the session's own status (401) and code, whatever fields were asked. A failure to
        // check them (the database connection lost mid-request) is the server's: a 500 the
        // client may retry, never a 401 that would sign the user out.
        if (!(error instanceof AppError))
          req.log.error({ err: error }, 'the credentials could not be checked');
        throw expectedGraphQLError(
          error instanceof AppError ? error : new AppError('INTERNAL', ERROR_MESSAGES.GENERIC),
        );
      }
      return {
        app: appContext,
        logger: req.log,
        requestId: req.id,
        auth,
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
      // yoga answers an unreadable media type with no body; answer it in the API's error shape.
      if (response.status === 415) throw unsupportedMediaType();
      response.headers.forEach((value, key) => reply.header(key, value));
      reply.status(response.status);
      reply.send(response.body);
      return reply;
    },
  });
}
