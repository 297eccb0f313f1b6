// The onboarding checklist calls (spec 2 §7.3; docs/onboarding.md): getUserCL(userId) reads the
// member's own checklist, updateCL(userId, clfield, time) ticks a page-visit flag (code 1).
import type { Checklist, ChecklistFlag } from '@tapwise/contracts';
import { graphqlRequest } from '../../shared/api/graphql';

export type { Checklist };

export const onboardingKeys = {
  checklist: (userId: string) => ['onboarding', 'checklist', userId] as const,
};

export const onboardingApi = {
  checklist: async (userId: string) =>
    (
      await graphqlRequest<{ getUserCL: Checklist }>(
        `query UserChecklist($userId: ID!) {
          getUserCL(userId: $userId) { userId items { flag doneAt byVisit } done total complete }
        }`,
        { userId },
      )
    ).getUserCL,
  tick: async (userId: string, clfield: ChecklistFlag) =>
    (
      await graphqlRequest<{ updateCL: { code: number } }>(
        `mutation TickChecklist($userId: ID!, $clfield: String!, $time: String) {
          updateCL(userId: $userId, clfield: $clfield, time: $time) { code }
        }`,
        { userId, clfield, time: new Date().toISOString() },
      )
    ).updateCL,
};
