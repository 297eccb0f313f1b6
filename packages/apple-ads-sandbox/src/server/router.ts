// A minimal path router for the /v1 surface; handlers return a JSON body or a stream of chunks.
import type { ApiUser } from '../model/entities.js';
import type { SandboxStore } from '../model/store.js';
import type { MultipartForm } from './multipart.js';

export interface RouteContext {
  store: SandboxStore;
  user: ApiUser;
  /** From X-AP-Context; null on routes that need no context. */
  adAccountId: number | null;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  /** A multipart/form-data body, parsed; null for any other body. */
  form: MultipartForm | null;
}

export type RouteResult = { body: unknown } | { chunks: Iterable<string> };
export type Handler = (context: RouteContext) => RouteResult | Promise<RouteResult>;

interface Route {
  method: string;
  pattern: RegExp;
  names: string[];
  handler: Handler;
  needsContext: boolean;
}

export class Router {
  private readonly routes: Route[] = [];

  add(method: string, path: string, handler: Handler, options: { context?: boolean } = {}): void {
    const names: string[] = [];
    const pattern = new RegExp(
      `^${path.replace(/\{(\w+)\}/g, (_, name: string) => {
        names.push(name);
        return '([^/]+)';
      })}$`,
    );
    this.routes.push({ method, pattern, names, handler, needsContext: options.context ?? true });
  }

  match(
    method: string,
    path: string,
  ): { route: Route; params: Record<string, string> } | 'method-not-allowed' | null {
    let pathMatched = false;
    for (const route of this.routes) {
      const match = route.pattern.exec(path);
      if (!match) continue;
      pathMatched = true;
      if (route.method !== method) continue;
      const params: Record<string, string> = {};
      route.names.forEach(
        (name, index) => (params[name] = decodeURIComponent(match[index + 1] as string)),
      );
      return { route, params };
    }
    return pathMatched ? 'method-not-allowed' : null;
  }
}
