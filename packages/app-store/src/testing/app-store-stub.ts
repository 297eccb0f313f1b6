// A local HTTP server standing in for Apple in tests: each request is recorded and answered by
// the test's handler, so the client is exercised over real HTTP.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubAnswer {
  status?: number;
  headers?: Record<string, string>;
  /** Sent as JSON unless it is a string. */
  body?: unknown;
}

export interface AppStoreStub {
  baseUrl: string;
  /** Paths with query of every request received, in order. */
  requests: string[];
  close(): Promise<void>;
}

export async function startAppStoreStub(
  answer: (url: URL, request: IncomingMessage) => StubAnswer,
): Promise<AppStoreStub> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stub');
    requests.push(`${url.pathname}${url.search}`);
    const { status = 200, headers = {}, body = {} } = answer(url, request);
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(typeof body === 'string' ? body : JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      ),
  };
}
