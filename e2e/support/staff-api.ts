// What the journeys read behind the user's back, as the seeded staff admin: the mail outbox
// (the server keeps mail there when no SMTP server is configured) and the links in it.
import { SEED_PASSWORD } from './tapwise-process';

export const STAFF_EMAIL = 'staff@tapwise.local';
export const DEMO_ADMIN_EMAIL = 'admin@demo.tapwise.local';
export { SEED_PASSWORD };

interface Session {
  token: string;
  sessId: string;
  user: { UserId: string; TeamID: string | null };
}

export async function signInByApi(baseUrl: string, email: string, password = SEED_PASSWORD) {
  const response = await fetch(`${baseUrl}/v1/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { data: Session };
  if (!response.ok) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(body)}`);
  return body.data;
}

export async function graphqlAs<Data>(
  baseUrl: string,
  session: Session,
  query: string,
  variables: Record<string, unknown> = {},
) {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${session.token}`,
      'x-session-id': session.sessId,
      'x-user-id': session.user.UserId,
      ...(session.user.TeamID ? { 'x-team-id': session.user.TeamID } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as {
    data?: Data;
    errors?: { message: string; extensions?: { code?: number } }[];
  };
}

/** The latest link to `pathPrefix` mailed to `recipient`, waiting for the mail to be kept. */
export async function mailedLink(baseUrl: string, recipient: string, pathPrefix: string) {
  const staff = await signInByApi(baseUrl, STAFF_EMAIL);
  const escaped = `${baseUrl}${pathPrefix}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`${escaped}[^\\s"'<>]+`);
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const answer = await graphqlAs<{ mailOutbox: { recipient: string; text: string }[] }>(
      baseUrl,
      staff,
      'query { mailOutbox(limit: 50) { recipient text } }',
    );
    const link = answer.data?.mailOutbox
      .filter((mail) => mail.recipient === recipient)
      .map((mail) => pattern.exec(mail.text)?.[0])
      .find(Boolean);
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no ${pathPrefix} link was mailed to ${recipient}`);
}
