// Calls to /graphql with the same headers and error handling as the REST client. A GraphQL error
// carrying an API error code in its extensions is treated like the REST error with that code.
import type { ApiErrorBody } from '@tapwise/contracts';
import { isErrorBody, raiseApiError, sendRequest } from './http';

interface GraphQLError {
  message: string;
  extensions?: { code?: unknown; error?: unknown; http?: { status?: number } };
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
): Promise<Data> {
  const { response, payload, sentSession } = await sendRequest('/graphql', {
    body: { query, variables },
  });
  const result = (payload ?? {}) as GraphQLResponse<Data>;
  const firstError = result.errors?.[0];
  if (response.ok && !firstError && result.data) return result.data;
  const status = firstError?.extensions?.http?.status ?? (response.ok ? 400 : response.status);
  return raiseApiError(
    status,
    errorBody(firstError) ?? (isErrorBody(payload) ? payload : undefined),
    sentSession,
  );
}
