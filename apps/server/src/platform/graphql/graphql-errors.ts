// Application errors in GraphQL answers: their code, message and HTTP status reach the client;
// anything unexpected is replaced by the generic message.
import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { internalErrorBody } from '../errors';
import { toAppError } from '../http/error-handler';

/** By shape, not class: yoga's tools may bring their own copy of graphql's error class. */
export function isGraphQLError(error: unknown): error is GraphQLError {
  return error instanceof Error && error.name === 'GraphQLError';
}

/** The GraphQL form of an expected error (AppError, invalid input); undefined for anything else. */
export function expectedGraphQLError(error: unknown): GraphQLError | undefined {
  const appError = error instanceof Error ? toAppError(error) : undefined;
  if (!appError) return undefined;
  return new GraphQLError(appError.message, {
    extensions: { ...appError.toBody(), http: { status: appError.status } },
  });
}

const INTERNAL_STATUS = { http: { status: 500 } };

/** The error a GraphQL error was raised for (graphql-js and yoga wrap it, sometimes twice). */
export function originalError(error: unknown): unknown {
  let original = error;
  while (isGraphQLError(original) && original.originalError) original = original.originalError;
  return original;
}

/**
 * yoga's maskError: GraphQL's own errors and expected ones pass, the rest is masked. A field's
 * error keeps where it happened (its path and location, GraphQL spec 7.1.2).
 */
export function maskError(error: unknown): Error {
  const original = originalError(error);
  // GraphQL's own errors (syntax, validation, limits, an invalid variable) carry no secrets and
  // help the caller. A request's own error says most as graphql-js worded it ("Variable "$d" got
  // invalid value …; …"); a field's is the one its resolver raised, given the field's path below.
  const answer = isGraphQLError(original)
    ? isGraphQLError(error) && !error.path
      ? error
      : original
    : (expectedGraphQLError(original) ??
      new GraphQLError(internalErrorBody().message, {
        extensions: { ...internalErrorBody(), ...INTERNAL_STATUS },
      }));
  if (!isGraphQLError(error) || !error.path || answer.path) return answer;
  return new GraphQLError(answer.message, {
    nodes: error.nodes ?? null,
    source: error.source ?? null,
    positions: error.positions ?? null,
    path: error.path,
    extensions: answer.extensions,
  });
}

/** Whether a failure was foreseen (an AppError, invalid input): answered, not a fault to log. */
export function isExpectedError(error: unknown): boolean {
  const original = originalError(error);
  if (isGraphQLError(original)) return original.extensions.error !== 'INTERNAL';
  return original instanceof Error && toAppError(original) !== undefined;
}

/**
 * GraphQL over HTTP: an answer that carries data is a success (200) whatever its field errors
 * say; only an answer without data takes its HTTP status from its errors (401, 404, 500, …).
 * The error's own code stays in its extensions either way.
 */
export const statusFromData: Plugin = {
  onResultProcess({ result, setResult }) {
    if (Array.isArray(result) || Symbol.asyncIterator in result || !result.errors?.length) return;
    if (result.data == null) return;
    setResult({
      ...result,
      errors: result.errors.map((error) => {
        if (!isGraphQLError(error) || !error.extensions.http) return error;
        const { http: _status, ...extensions } = error.extensions;
        return new GraphQLError(error.message, {
          nodes: error.nodes ?? null,
          source: error.source ?? null,
          positions: error.positions ?? null,
          path: error.path ?? null,
          extensions,
        });
      }),
    });
  },
};
