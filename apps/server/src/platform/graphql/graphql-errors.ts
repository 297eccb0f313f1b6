// Application errors in GraphQL answers: their code, message and HTTP status reach the client;
// anything unexpected is replaced by the generic message.
import { GraphQLError } from 'graphql';
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

/** yoga's maskError: GraphQL's own errors and expected ones pass, the rest is masked. */
export function maskError(error: unknown): Error {
  let original = error;
  while (isGraphQLError(original) && original.originalError) original = original.originalError;
  // GraphQL's own errors (syntax, validation, limits) carry no secrets and help the caller.
  if (isGraphQLError(original)) return original;
  return (
    expectedGraphQLError(original) ??
    new GraphQLError(internalErrorBody().message, { extensions: { ...internalErrorBody() } })
  );
}
