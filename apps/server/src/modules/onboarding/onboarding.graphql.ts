// GraphQL of the onboarding checklist (spec 2 §7.3 Onboarding checklist; docs/onboarding.md):
// getUserCL(userId) and updateCL(userId, clfield, time), each for the caller's own user only.
import type { Checklist, ChecklistItem } from '@tapwise/contracts';
import { z } from 'zod';
import { requireTeam } from '../../platform/auth/auth-context';
import { access } from '../../platform/graphql/access-guard';
import { builder } from '../../platform/graphql/builder';
import { getUserChecklist, updateUserChecklist } from './onboarding.service';

const ChecklistItemRef = builder.objectRef<ChecklistItem>('ChecklistItem').implement({
  fields: (t) => ({
    flag: t.exposeString('flag', { description: 'One of CHECKLIST_FLAGS' }),
    doneAt: t.exposeString('doneAt', {
      nullable: true,
      description: 'ISO 8601; null when not done',
    }),
    byVisit: t.exposeBoolean('byVisit', {
      description: 'Ticked by visiting its page (updateCL), not by a real action',
    }),
  }),
});

const ChecklistRef = builder.objectRef<Checklist>('Checklist').implement({
  fields: (t) => ({
    userId: t.exposeID('userId'),
    items: t.field({ type: [ChecklistItemRef], resolve: (list) => list.items }),
    done: t.exposeInt('done'),
    total: t.exposeInt('total'),
    complete: t.exposeBoolean('complete'),
  }),
});

const ChecklistUpdateRef = builder
  .objectRef<{ code: number; successMessage: string }>('ChecklistUpdate')
  .implement({
    fields: (t) => ({
      code: t.exposeInt('code', { description: '1 = success' }),
      successMessage: t.exposeString('successMessage'),
    }),
  });

const updateArgs = z.object({
  userId: z.uuid(),
  clfield: z.string().min(1).max(40),
  time: z.coerce.date().nullish(),
});

builder.queryField('getUserCL', (t) =>
  t.field({
    ...access('authenticated'),
    type: ChecklistRef,
    args: { userId: t.arg.id({ required: true }) },
    resolve: (_root, { userId }, { app, auth }) =>
      getUserChecklist(app.db, requireTeam(auth), z.uuid().parse(String(userId))),
  }),
);

builder.mutationField('updateCL', (t) =>
  t.field({
    ...access('authenticated'),
    type: ChecklistUpdateRef,
    args: {
      userId: t.arg.id({ required: true }),
      clfield: t.arg.string({ required: true, description: 'A page-visit flag' }),
      time: t.arg.string({ required: false, description: 'ISO 8601; now when not given' }),
    },
    resolve: (_root, args, { app, auth }) => {
      const caller = requireTeam(auth);
      const input = updateArgs.parse({ ...args, userId: String(args.userId) });
      return updateUserChecklist(app.db, caller, { ...input, time: input.time ?? null });
    },
  }),
);
