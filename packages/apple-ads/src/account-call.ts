// The account-scoped request function every operation group is built on: it adds X-AP-Context
// and lets a POST that only reads (such as POST /search/geo) be retried like a read.
import type { QueryParams } from './transport.js';

export type AccountCall = <T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  query?: QueryParams,
  options?: { read?: boolean },
) => Promise<T>;
