// The partners' postback endpoint (docs/api/goals.md "Postbacks"): GET or POST
// /v1/api/postbacks/:key, no session; the key in the URL is the integration's secret. Request
// logging is off for this route (the URL holds the key), and so is the per-IP rate limit: a
// partner sends thousands a second from a few addresses.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import { storeEventBatches } from './event-store';
import { createPostbackBatcher } from './postback-batcher';
import { createIntegrationLookup, receivePostback } from './postbacks.service';

export const POSTBACK_BODY_LIMIT = 64 * 1024;

const params = z.object({ key: z.string().min(16).max(200) });

export async function registerPostbackRoutes(api: FastifyInstance, ctx: AppContext) {
  const lookup = createIntegrationLookup(ctx.db, ctx.secrets);
  const batcher = createPostbackBatcher((batches) => storeEventBatches(ctx.db, batches));
  api.addHook('onClose', () => batcher.close());

  await api.register(async (scope) => {
    // Every body is read as text: the custom postback's signature covers the exact bytes.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    scope.route({
      method: ['GET', 'POST'],
      url: '/postbacks/:key',
      config: { access: 'public', rateLimit: false },
      logLevel: 'warn',
      // A HEAD must not store anything: no HEAD twin of the GET.
      exposeHeadRoute: false,
      // Partners' servers read no browser security headers, and @fastify/helmet builds them anew
      // for every request (a twentieth of the route's time at 3,000 postbacks a second).
      helmet: false,
      bodyLimit: POSTBACK_BODY_LIMIT,
      handler: async (request) => {
        const parsed = params.safeParse(request.params);
        const result = await receivePostback(lookup, batcher, {
          key: parsed.success ? parsed.data.key : '',
          query: { ...(request.query as Record<string, unknown>) },
          headers: request.headers,
          contentType: request.headers['content-type'],
          rawBody: typeof request.body === 'string' ? request.body : null,
        });
        return { stored: result.stored, duplicates: result.duplicates };
      },
    });
  });
}
