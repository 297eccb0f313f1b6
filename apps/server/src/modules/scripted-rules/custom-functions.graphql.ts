// GraphQL of custom functions (docs/api/scripted-rules.md): the file tree, one function, save,
// delete, public or private, locked or not. Thin: custom-functions.service.ts holds the behaviour.
import { requireTeam } from '../../platform/auth/auth-context';
import { access } from '../../platform/graphql/access-guard';
import { builder } from '../../platform/graphql/builder';
import { withoutNulls } from '../../platform/graphql/common-types';
import { SuccessMessageRef } from '../automation/automation.graphql';
import {
  deleteCustomFunction,
  readCustomFunction,
  readFunctionTree,
  saveCustomFunction,
  setCustomFunctionFlags,
  type CustomFunctionResult,
  type CustomFunctionView,
} from './custom-functions.service';

const CustomFunctionRef = builder.objectRef<CustomFunctionView>('CustomFunction').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name', { description: "The path's last part" }),
    path: t.exposeString('path', { description: "Imported as 'functions/<path>'" }),
    description: t.exposeString('description'),
    code: t.exposeString('code', { description: 'The newest version' }),
    isLocked: t.exposeBoolean('isLocked'),
    isPublic: t.exposeBoolean('isPublic'),
    version: t.exposeInt('version'),
    isOwn: t.exposeBoolean('isOwn', {
      description: 'The caller wrote it: only they make it public or private, locked or unlocked',
    }),
    authorName: t.exposeString('authorName', { nullable: true }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const CustomFunctionResultRef = builder
  .objectRef<CustomFunctionResult>('CustomFunctionResult')
  .implement({
    fields: (t) => ({
      successMessage: t.exposeString('successMessage'),
      customFunction: t.field({
        type: CustomFunctionRef,
        resolve: (result) => result.customFunction,
      }),
    }),
  });

builder.queryFields((t) => ({
  getCustomFnsFileTree: t.field({
    ...access('automationRules.read', { feature: 'scriptedRules' }),
    type: 'JSON',
    description:
      "CustomFunctionTreeNode[]: the company's public functions and the caller's private ones, in folders, sorted by name",
    resolve: (_root, _args, { app, auth }) => readFunctionTree(app.db, requireTeam(auth)),
  }),
  getSarCustomFunction: t.field({
    ...access('automationRules.read', { feature: 'scriptedRules' }),
    type: CustomFunctionRef,
    description: 'One visible function with its newest code',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, { app, auth }) => readCustomFunction(app.db, requireTeam(auth), id),
  }),
}));

builder.mutationFields((t) => ({
  saveCustomFunction: t.field({
    ...access('automationRules.write', { feature: 'scriptedRules' }),
    type: CustomFunctionResultRef,
    description:
      'Creates a private, unlocked function (no id) or saves a new version (input: customFunctionInput)',
    args: { id: t.arg.id({ required: false }), input: t.arg({ type: 'JSON', required: true }) },
    resolve: (_root, { id, input }, { app, auth }) =>
      saveCustomFunction(app.db, requireTeam(auth), id, withoutNulls(input)),
  }),
  deleteCustomFn: t.field({
    ...access('automationRules.write', { feature: 'scriptedRules' }),
    type: SuccessMessageRef,
    description: 'Deletes a function and its versions; refused while locked or imported',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, { app, auth }) => deleteCustomFunction(app.db, requireTeam(auth), id),
  }),
  publicOrPvtCustomFn: t.field({
    ...access('automationRules.write', { feature: 'scriptedRules' }),
    type: CustomFunctionResultRef,
    description: "Public to the company or private to its author (the author's call)",
    args: { id: t.arg.id({ required: true }), isPublic: t.arg.boolean({ required: true }) },
    resolve: (_root, { id, isPublic }, { app, auth }) =>
      setCustomFunctionFlags(app.db, requireTeam(auth), id, { isPublic }),
  }),
  lockUnlockCustomFn: t.field({
    ...access('automationRules.write', { feature: 'scriptedRules' }),
    type: CustomFunctionResultRef,
    description: "Locked against edits and deletion, or unlocked (the author's call)",
    args: { id: t.arg.id({ required: true }), isLocked: t.arg.boolean({ required: true }) },
    resolve: (_root, { id, isLocked }, { app, auth }) =>
      setCustomFunctionFlags(app.db, requireTeam(auth), id, { isLocked }),
  }),
}));
