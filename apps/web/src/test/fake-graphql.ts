// A fake GraphQL endpoint for page tests: answers the operations a test names and records what
// it was asked.
import { vi } from 'vitest';

export interface GraphqlCall {
  operation: string;
  variables: Record<string, unknown>;
}

/** An answer may be a promise, to hold a response back while a test looks at the page. */
type Answer = (variables: Record<string, unknown>) => unknown;

/**
 * A GraphQL endpoint on `fetch`: each root field named in a query is answered by `answers`
 * (aliases such as `rows:` are honoured); every call is recorded.
 */
export function fakeGraphql(answers: Record<string, Answer>) {
  const calls: GraphqlCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init: RequestInit) => {
      const body = JSON.parse(init.body as string) as {
        query: string;
        variables: Record<string, unknown>;
      };
      // A root field has arguments or a selection, or is a bare scalar (`query { getSelfSignUp }`).
      const field = Object.keys(answers).find((name) =>
        new RegExp(`\\b${name}\\s*[({}]`).test(body.query),
      );
      if (!field) {
        return Promise.resolve(
          new Response(JSON.stringify({ errors: [{ message: 'unknown operation' }] }), {
            status: 200,
          }),
        );
      }
      calls.push({ operation: field, variables: body.variables });
      const alias = new RegExp(`(\\w+)\\s*:\\s*${field}\\b`).exec(body.query)?.[1];
      const respond = (value: unknown) =>
        new Response(JSON.stringify({ data: { [alias ?? field]: value } }), { status: 200 });
      const answer = answers[field]!(body.variables);
      return answer instanceof Promise ? answer.then(respond) : Promise.resolve(respond(answer));
    }),
  );
  return calls;
}
