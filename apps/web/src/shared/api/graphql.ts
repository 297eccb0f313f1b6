// Calls to /graphql with the same headers and error handling as the REST client. A GraphQL error
// carrying an API error code in its extensions is treated like the REST error with that code.
import { ERROR_HTTP_STATUS, type ApiErrorBody } from '@tapwise/contracts';
import { isErrorBody, raiseApiError, sendRequest } from './http';

interface GraphQLError {
  message: string;
  extensions?: { code?: unknown; error?: unknown };
}

interface GraphQLResponse<Data> {
  data?: Data | null;
  errors?: GraphQLError[];
}

function errorBody(error: GraphQLError | undefined): ApiErrorBody | undefined {
  if (!error) return undefined;
  const candidate = { ...error.extensions, message: error.message };
  return isErrorBody(candidate) && typeof candidate.code === 'number' ? candidate : undefined;
}

export async function graphqlRequest<Data>(
  query: string,
  variables: Record<string, unknown> = {},
  /** A signal that abandons the call (a long one the user cancelled). */
  signal?: AbortSignal,
): Promise<Data> {
  const { response, payload, sentSession } = await sendRequest('/graphql', {
    body: { query, variables },
    ...(signal ? { signal } : {}),
  });
  const result = (payload ?? {}) as GraphQLResponse<Data>;
  const firstError = result.errors?.[0];
  if (response.ok && !firstError && result.data) return result.data;
  const body = errorBody(firstError) ?? (isErrorBody(payload) ? payload : undefined);
  // An answer that still carries data comes as a 200 (GraphQL over HTTP): the status of its error
  // follows from the error's name.
  const status = (body && ERROR_HTTP_STATUS[body.error]) ?? (response.ok ? 400 : response.status);
  return raiseApiError(status, body, sentSession);
}
