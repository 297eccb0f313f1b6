// How an error appears in a log line: what a failed query was given (people's data, secrets) is
// never written, and what the database said about it is.
import { stdSerializers } from 'pino';

interface FailedQuery extends Error {
  query: string;
  params: unknown[];
  cause?: unknown;
}

function isFailedQuery(error: Error): error is FailedQuery {
  return 'query' in error && 'params' in error;
}

/**
 * The database's own words on a failure (its message and SQLSTATE code), with any value the
 * query was given taken out: PostgreSQL quotes the offending value in some messages.
 */
function databaseMessage(cause: unknown, params: unknown[]) {
  if (!(cause instanceof Error)) return undefined;
  const code = (cause as { code?: unknown }).code;
  const message = params
    .map(String)
    .filter((value) => value.length > 0)
    .sort((a, b) => b.length - a.length)
    .reduce((text, value) => text.replaceAll(value, '[parameter]'), cause.message);
  return { message, ...(typeof code === 'string' ? { code } : {}) };
}

/** pino's `err` serializer: the standard one, with a failed query reduced to its SQL. */
export function serializeError(error: unknown) {
  if (!(error instanceof Error) || !isFailedQuery(error)) {
    return error instanceof Error ? stdSerializers.err(error) : error;
  }
  const message = `Failed query: ${error.query}`;
  const frames = error.stack?.slice(error.stack.indexOf('\n    at ')) ?? '';
  return {
    type: error.name,
    message,
    database: databaseMessage(error.cause, error.params),
    stack: `${error.name}: ${message}${frames}`,
  };
}
