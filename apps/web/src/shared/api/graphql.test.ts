import { ERROR_CODES } from '@tapwise/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { graphqlRequest } from './graphql';
import { ApiError } from './http';

afterEach(() => {
  vi.unstubAllGlobals();
});

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status }))),
  );
}

const forbidden = {
  message: 'You do not have permission to do this.',
  path: ['findByTeamId'],
  extensions: { code: ERROR_CODES.FORBIDDEN, error: 'FORBIDDEN', message: 'No.' },
};

describe('graphqlRequest', () => {
  it("gives an error that came with data (HTTP 200) the status of the error's name", async () => {
    answer(200, { data: { appVersion: 'v1', findByTeamId: null }, errors: [forbidden] });
    const failure = await graphqlRequest('{ appVersion findByTeamId { email } }').catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 403, body: { code: ERROR_CODES.FORBIDDEN } });
  });

  it('keeps the HTTP status of an answer without data', async () => {
    answer(404, {
      data: null,
      errors: [{ ...forbidden, extensions: { code: ERROR_CODES.NOT_FOUND, error: 'NOT_FOUND' } }],
    });
    await expect(
      graphqlRequest('mutation { deleteTeamMember(userId: "x") }'),
    ).rejects.toMatchObject({ status: 404 });
  });
});
