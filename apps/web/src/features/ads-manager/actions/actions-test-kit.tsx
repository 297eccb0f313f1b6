// Test helpers of the ads manager's actions: report rows, a GraphQL endpoint whose answers may
// fail with an API error, and rendering inside the app's providers with a connected socket.
import type { MantineProviderProps } from '@mantine/core';
import { render } from '@testing-library/react';
import {
  ERROR_CODES,
  METRIC_COUNT_FIELDS,
  type ErrorName,
  type MetricCounts,
  type ReportRow,
} from '@tapwise/contracts';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { connectRealtime } from '../../../shared/realtime/realtime-connection';
import { fakeGraphql } from '../../../test/fake-graphql';
import { WriteAccessProvider } from './write-access';

export const zeroCounts = Object.fromEntries(
  METRIC_COUNT_FIELDS.map((field) => [field, 0]),
) as unknown as MetricCounts;

export function reportRow(overrides: Partial<ReportRow> = {}): ReportRow {
  return {
    level: 'campaigns',
    id: '101',
    name: 'Brand US',
    status: 'ENABLED',
    displayStatus: 'RUNNING',
    deleted: false,
    modificationTime: '2026-05-01T10:00:00.000Z',
    adAccountId: 555,
    campaignId: 101,
    adGroupId: null,
    details: { currency: 'USD' },
    counts: { ...zeroCounts, taps: 7 },
    ...overrides,
  };
}

/** Thrown by an answer: the endpoint replies with this GraphQL error. */
export class GraphqlFailure {
  constructor(
    readonly error: ErrorName,
    readonly message: string,
    /** Field-level refusals, keyed by path, as the API sends them. */
    readonly details?: Record<string, string>,
  ) {}
}

/** fakeGraphql whose answers may throw a GraphqlFailure to answer with an API error. */
export function fakeWrites(
  answers: Record<string, (variables: Record<string, unknown>) => unknown>,
) {
  const calls = fakeGraphql(answers);
  const answer = globalThis.fetch as (url: string, init: RequestInit) => Promise<Response>;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      try {
        return await answer(url, init);
      } catch (failure) {
        if (!(failure instanceof GraphqlFailure)) throw failure;
        const extensions = {
          code: ERROR_CODES[failure.error],
          error: failure.error,
          ...(failure.details ? { details: failure.details } : {}),
        };
        return new Response(JSON.stringify({ errors: [{ message: failure.message, extensions }] }));
      }
    }),
  );
  return calls;
}

/** `mantineEnv: 'test'` for menus opened as they mount, which jsdom would hide by position. */
export function renderWithApp(
  element: ReactNode,
  options: { mantineEnv?: MantineProviderProps['env'] } = {},
) {
  connectRealtime(null, () => null);
  connectRealtime(`test-${Math.random()}`, () => ({ token: 't', sessId: 's' }));
  return render(
    <AppProviders mantineEnv={options.mantineEnv}>
      <WriteAccessProvider>{element}</WriteAccessProvider>
    </AppProviders>,
  );
}
