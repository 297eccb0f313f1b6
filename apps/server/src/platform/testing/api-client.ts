// Calls the running test server the way the web app does: REST and GraphQL with the session
// headers of spec 2 §7.1.
import type { ApiErrorBody, SessionResponse } from '@tapwise/contracts';

export interface Session {
  token: string;
  sessId: string;
  userId: string;
}

export interface RestAnswer<Data = unknown> {
  status: number;
  body: { code: number; data: Data; successMessage?: string } & Partial<ApiErrorBody>;
}

export interface GraphQLAnswer<Data = Record<string, unknown>> {
  status: number;
  data?: Data | null;
  errors?: { message: string; extensions?: Partial<ApiErrorBody> }[];
}

export function sessionOf(response: SessionResponse): Session {
  return { token: response.token, sessId: response.sessId, userId: response.user.UserId };
}

export function apiClient(baseUrl: string) {
  const headers = (session?: Session, hasBody = true) => ({
    ...(hasBody ? { 'content-type': 'application/json' } : {}),
    ...(session
      ? {
          authorization: `Bearer ${session.token}`,
          'x-session-id': session.sessId,
          'x-user-id': session.userId,
        }
      : {}),
  });

  async function rest<Data = unknown>(
    method: string,
    path: string,
    body?: unknown,
    session?: Session,
  ): Promise<RestAnswer<Data>> {
    const response = await fetch(`${baseUrl}/v1/api/${path}`, {
      method,
      headers: headers(session, body !== undefined),
      body: body === undefined ? null : JSON.stringify(body),
    });
    // A download (a CSV file) arrives as its text in `data`.
    const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
    const answer = isJson
      ? await response.json()
      : { code: response.status, data: await response.text() };
    return { status: response.status, body: answer as RestAnswer<Data>['body'] };
  }

  async function graphql<Data = Record<string, unknown>>(
    query: string,
    variables: Record<string, unknown> = {},
    session?: Session,
  ): Promise<GraphQLAnswer<Data>> {
    const response = await fetch(`${baseUrl}/graphql`, {
      method: 'POST',
      headers: headers(session),
      body: JSON.stringify({ query, variables }),
    });
    return {
      status: response.status,
      ...((await response.json()) as Omit<GraphQLAnswer<Data>, 'status'>),
    };
  }

  async function signIn(email: string, password: string): Promise<Session> {
    const answer = await rest<SessionResponse>('POST', 'auth/signin', { email, password });
    if (answer.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(answer.body)}`);
    return sessionOf(answer.body.data);
  }

  return { rest, graphql, signIn };
}

export type ApiClient = ReturnType<typeof apiClient>;
