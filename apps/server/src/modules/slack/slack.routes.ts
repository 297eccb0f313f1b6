// Slack's Events API callback, POST /v1/api/slack/events: no session, but every request must carry
// Slack's signature of its exact body (v0 HMAC-SHA256 with SLACK_SIGNING_SECRET, at most five
// minutes old). It answers the url_verification challenge and marks a workspace's integration
// INVALID when the app is uninstalled or its tokens are revoked from Slack's side.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { handleSlackEvent, verifySlackSignature } from './slack-events';

export async function registerSlackRoutes(api: FastifyInstance, ctx: AppContext) {
  await api.register(async (scope) => {
    // The signature covers the exact bytes: the body is read as text.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post('/slack/events', {
      config: { access: 'public' },
      bodyLimit: 64 * 1024,
      handler: async (request) => {
        const rawBody = typeof request.body === 'string' ? request.body : '';
        verifySlackSignature(ctx.config.slack.signingSecret, request.headers, rawBody, Date.now());
        return handleSlackEvent(ctx, rawBody);
      },
    });
  });
}
