// Serves the built web app with history fallback: a GET for a page that is not a file or an API
// path returns index.html and React Router takes over (unknown pages then land on /login).
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import { redactUrl } from '../logger';

const API_PREFIXES = ['/v1/', '/api/', '/graphql', '/socket.io'];

function isFile(filePath: string): boolean {
  try {
    return fs.statSync(filePath).isFile();
  } catch {
    return false;
  }
}

export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const root = path.resolve(webDistDir);
  if (!isFile(path.join(root, 'index.html'))) {
    app.log.warn({ webDistDir: root }, 'no web build found: run `npm run build` or `npm run dev`');
  }
  await app.register(fastifyStatic, { root, serve: false });

  app.get('/*', { config: { access: 'public' } }, (request, reply) => {
    const urlPath = decodeURIComponent(request.url.split('?')[0] ?? '/');
    if (API_PREFIXES.some((prefix) => urlPath.startsWith(prefix))) {
      throw new AppError('NOT_FOUND', `No route for GET ${redactUrl(urlPath)}`);
    }
    const filePath = path.resolve(root, `.${urlPath}`);
    if (filePath.startsWith(root + path.sep) && isFile(filePath)) {
      const immutable = urlPath.startsWith('/assets/');
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      return reply.sendFile(path.relative(root, filePath), { cacheControl: false });
    }
    // A missing file (a name with an extension) is a 404; anything else is a page of the app.
    if (path.extname(urlPath) !== '' || !isFile(path.join(root, 'index.html'))) {
      throw new AppError('NOT_FOUND', `Not found: ${urlPath}`);
    }
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html')
      .sendFile('index.html', { cacheControl: false });
  });

  app.setNotFoundHandler((request) => {
    throw new AppError(
      'NOT_FOUND',
      `No route for ${request.method} ${redactUrl(request.url.split('?')[0] ?? '')}`,
    );
  });
}
