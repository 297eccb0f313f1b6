import { companyNameSchema, emailSchema } from '@tapwise/contracts';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth/auth-context';
import { access } from '../../platform/graphql/access-guard';
import { builder } from '../../platform/graphql/builder';
import { isSelfSignUpEnabled, setSelfSignUp } from '../accounts/accounts.service';
import { listOutboxMail } from '../mail/mail.repository';
import type { OutboxAttachment } from '../mail/mail.tables';
import { CompanyRef, RoleEnum, SessionPayloadRef } from '../teams/teams.graphql';
import type { Team } from '../teams/teams.repository';
import { addMockData, readMockData, removeMockData, type MockDataState } from './mock-data.service';
import type { QueuedTaskRow } from './queued-tasks.repository';
import {
  deleteQueuedTask,
  readQueuedTasks,
  type QueuedTaskGroup,
  type QueuedTasks,
  type TaskCounts,
} from './queued-tasks.service';
import { listLoginActivity, listTeamsWithCounts, listUsersWithTeams } from './staff.repository';
import {
  createCompanyAdmin,
  deleteCompany,
  generateResetLink,
  impersonate,
  removeUser,
  setCompanyDisabled,
} from './staff.service';

type StaffUserRow = Awaited<ReturnType<typeof listUsersWithTeams>>[number];
type StaffCompanyRow = Awaited<ReturnType<typeof listTeamsWithCounts>>[number];

const StaffUserTeamRef = builder
  .objectRef<StaffUserRow['teams'][number]>('StaffUserTeam')
  .implement({
    fields: (t) => ({
      teamId: t.id({ resolve: ({ team }) => team.id }),
      company: t.string({ resolve: ({ team }) => team.name }),
      role: t.field({ type: RoleEnum, resolve: ({ membership }) => membership.role }),
      isDisabled: t.boolean({ resolve: ({ membership }) => membership.isDisabled }),
      isReadOnly: t.boolean({ resolve: ({ membership }) => membership.isReadOnly }),
      inviteStatus: t.string({ resolve: ({ membership }) => membership.inviteStatus }),
    }),
  });

const StaffUserRef = builder.objectRef<StaffUserRow>('StaffUser').implement({
  fields: (t) => ({
    id: t.id({ resolve: ({ user }) => user.id }),
    email: t.string({ resolve: ({ user }) => user.email }),
    firstName: t.string({ resolve: ({ user }) => user.firstName }),
    lastName: t.string({ resolve: ({ user }) => user.lastName }),
    isDisabled: t.boolean({ resolve: ({ user }) => user.isDisabled }),
    emailVerified: t.boolean({ resolve: ({ user }) => user.emailVerifiedAt !== null }),
    createdAt: t.field({ type: 'DateTime', resolve: ({ user }) => user.createdAt }),
    teams: t.field({ type: [StaffUserTeamRef], resolve: ({ teams }) => teams }),
  }),
});

const StaffCompanyRef = builder.objectRef<StaffCompanyRow>('StaffCompany').implement({
  fields: (t) => ({
    id: t.id({ resolve: ({ team }) => team.id }),
    name: t.string({ resolve: ({ team }) => team.name }),
    isDisabled: t.boolean({ resolve: ({ team }) => team.isDisabled }),
    memberCount: t.int({ resolve: ({ memberCount }) => Number(memberCount) }),
    dataRetentionDays: t.int({ resolve: ({ team }) => team.dataRetentionDays }),
    logRetentionDays: t.int({ nullable: true, resolve: ({ team }) => team.logRetentionDays }),
    createdAt: t.field({ type: 'DateTime', resolve: ({ team }) => team.createdAt }),
    trialEndsAt: t.field({
      type: 'DateTime',
      nullable: true,
      resolve: ({ team }) => team.trialEndsAt,
    }),
    lastSignInAt: t.field({
      type: 'DateTime',
      nullable: true,
      resolve: ({ lastSignInAt }) => (lastSignInAt ? new Date(lastSignInAt) : null),
    }),
  }),
});

const LoginActivityRef = builder
  .objectRef<Awaited<ReturnType<typeof listLoginActivity>>[number]>('LoginActivity')
  .implement({
    fields: (t) => ({
      id: t.exposeID('id'),
      email: t.exposeString('email'),
      succeeded: t.exposeBoolean('succeeded'),
      ipAddress: t.exposeString('ipAddress', { nullable: true }),
      userAgent: t.exposeString('userAgent', { nullable: true }),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
    }),
  });

const OutboxAttachmentRef = builder.objectRef<OutboxAttachment>('OutboxAttachment').implement({
  fields: (t) => ({
    filename: t.exposeString('filename'),
    contentType: t.exposeString('contentType'),
    bytes: t.exposeInt('bytes'),
  }),
});

const OutboxMailRef = builder
  .objectRef<Awaited<ReturnType<typeof listOutboxMail>>[number]>('OutboxMail')
  .implement({
    fields: (t) => ({
      id: t.exposeID('id'),
      recipient: t.exposeString('recipient'),
      subject: t.exposeString('subject'),
      text: t.exposeString('text'),
      template: t.exposeString('template'),
      status: t.exposeString('status'),
      attachments: t.field({ type: [OutboxAttachmentRef], resolve: (mail) => mail.attachments }),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
    }),
  });

const MockDataRef = builder.objectRef<MockDataState>('MockData').implement({
  fields: (t) => ({
    teamId: t.exposeID('teamId'),
    present: t.exposeBoolean('present'),
    progress: t.exposeInt('progress', { description: 'Progress of its first sync, 0–100' }),
    deleting: t.exposeBoolean('deleting'),
    realIntegration: t.exposeBoolean('realIntegration', {
      description: 'The company has a real Apple Ads integration (mock data cannot be added)',
    }),
  }),
});

const TaskCountsRef = builder.objectRef<TaskCounts>('QueuedTaskCounts').implement({
  fields: (t) => ({
    created: t.exposeInt('created'),
    retry: t.exposeInt('retry'),
    active: t.exposeInt('active'),
    completed: t.exposeInt('completed'),
    cancelled: t.exposeInt('cancelled'),
    failed: t.exposeInt('failed'),
  }),
});

const QueuedTaskGroupRef = builder.objectRef<QueuedTaskGroup>('QueuedTaskGroup').implement({
  fields: (t) => ({
    category: t.exposeString('category'),
    teamId: t.exposeID('teamId', { nullable: true }),
    counts: t.field({ type: TaskCountsRef, resolve: (group) => group.counts }),
  }),
});

const QueuedTaskRef = builder.objectRef<QueuedTaskRow>('QueuedTask').implement({
  fields: (t) => ({
    taskId: t.exposeID('taskId'),
    category: t.exposeString('category'),
    teamId: t.exposeID('teamId', { nullable: true }),
    status: t.exposeString('status', {
      description: 'created, retry, active, cancelled or failed (completed ones are counted)',
    }),
    retryCount: t.exposeInt('retryCount'),
    createdOn: t.expose('createdOn', { type: 'DateTime' }),
    startedOn: t.expose('startedOn', { type: 'DateTime', nullable: true }),
    completedOn: t.expose('completedOn', { type: 'DateTime', nullable: true }),
  }),
});

const QueuedTasksRef = builder.objectRef<QueuedTasks>('QueuedTasks').implement({
  fields: (t) => ({
    groups: t.field({ type: [QueuedTaskGroupRef], resolve: (tasks) => tasks.groups }),
    tasks: t.field({ type: [QueuedTaskRef], resolve: (tasks) => tasks.tasks }),
  }),
});

const pageLimit = (limit: number | null | undefined, max = 500) =>
  Math.min(Math.max(limit ?? 100, 1), max);

builder.queryFields((t) => ({
  allUsers: t.field({
    ...access('staff.companies.read'),
    type: [StaffUserRef],
    args: {
      search: t.arg.string({ required: false }),
      offset: t.arg.int({ required: false }),
      limit: t.arg.int({ required: false }),
    },
    resolve: (_root, args, { app }) =>
      listUsersWithTeams(app.db, {
        search: args.search ?? undefined,
        offset: Math.max(args.offset ?? 0, 0),
        limit: pageLimit(args.limit),
      }),
  }),
  companyListForStaff: t.field({
    ...access('staff.companies.read'),
    type: [StaffCompanyRef],
    resolve: (_root, _args, { app }) => listTeamsWithCounts(app.db),
  }),
  getTrailActivity: t.field({
    ...access('staff.companies.read'),
    type: [StaffCompanyRef],
    description: 'Companies with their trial end and last sign-in (the trial activity list).',
    resolve: async (_root, _args, { app }) =>
      (await listTeamsWithCounts(app.db)).filter(({ team }) => team.trialEndsAt !== null),
  }),
  getLoginActivity: t.field({
    ...access('staff.companies.read'),
    type: [LoginActivityRef],
    args: { limit: t.arg.int({ required: false }) },
    resolve: (_root, { limit }, { app }) => listLoginActivity(app.db, pageLimit(limit)),
  }),
  getSelfSignUp: t.boolean({
    ...access('staff.settings.write'),
    resolve: (_root, _args, { app }) => isSelfSignUpEnabled(app),
  }),
  getMockData: t.field({
    ...access('staff.companies.read'),
    type: MockDataRef,
    args: { teamId: t.arg.id({ required: true }) },
    resolve: (_root, { teamId }, { app }) => readMockData(app, String(teamId)),
  }),
  getQueuedTasks: t.field({
    ...access('staff.companies.read'),
    type: QueuedTasksRef,
    description: "The job queue's tasks: a company's (teamId), or every task.",
    args: { teamId: t.arg.id({ required: false }) },
    resolve: (_root, { teamId }, { app }) =>
      readQueuedTasks(app, teamId ? String(teamId) : undefined),
  }),
  mailOutbox: t.field({
    ...access('staff.mail.read'),
    type: [OutboxMailRef],
    args: { limit: t.arg.int({ required: false }) },
    resolve: (_root, { limit }, { app }) => listOutboxMail(app.db, pageLimit(limit)),
  }),
}));

const createCompanyAdminInput = z.object({ email: emailSchema, companyName: companyNameSchema });

builder.mutationFields((t) => ({
  createCompanyAdmin: t.field({
    ...access('staff.companies.write'),
    type: CompanyRef,
    args: {
      email: t.arg.string({ required: true }),
      companyName: t.arg.string({ required: true }),
    },
    resolve: (_root, args, { app, auth, locale }): Promise<Team> =>
      createCompanyAdmin(app, requireAuth(auth), createCompanyAdminInput.parse(args), locale),
  }),
  setCompanyDisabled: t.field({
    ...access('staff.companies.write'),
    type: CompanyRef,
    args: { teamId: t.arg.id({ required: true }), disabled: t.arg.boolean({ required: true }) },
    resolve: (_root, { teamId, disabled }, { app }) =>
      setCompanyDisabled(app, String(teamId), disabled),
  }),
  deleteCompany: t.boolean({
    ...access('staff.companies.write'),
    args: { teamId: t.arg.id({ required: true }) },
    resolve: (_root, { teamId }, { app }) => deleteCompany(app, String(teamId)),
  }),
  removeSingleUser: t.boolean({
    ...access('staff.companies.write'),
    args: { userId: t.arg.id({ required: true }) },
    resolve: (_root, { userId }, { app, auth }) =>
      removeUser(app, requireAuth(auth), String(userId)),
  }),
  generateResetPasswordLink: t.string({
    ...access('staff.companies.write'),
    args: { userId: t.arg.id({ required: true }) },
    resolve: (_root, { userId }, { app }) => generateResetLink(app, String(userId)),
  }),
  addMockData: t.field({
    ...access('staff.companies.write'),
    type: MockDataRef,
    description: "Connects the company to the demo's Apple Ads sandbox; its first sync starts.",
    args: { teamId: t.arg.id({ required: true }) },
    resolve: (_root, { teamId }, { app, auth }) =>
      addMockData(app, requireAuth(auth), String(teamId)),
  }),
  removeMockData: t.field({
    ...access('staff.companies.write'),
    type: MockDataRef,
    description: "Starts deleting the company's mock integration and everything it synced.",
    args: { teamId: t.arg.id({ required: true }) },
    resolve: (_root, { teamId }, { app, auth }) =>
      removeMockData(app, requireAuth(auth), String(teamId)),
  }),
  deleteQueuedTask: t.boolean({
    ...access('staff.companies.write'),
    description: 'Deletes a waiting or failed task; a running one is refused.',
    args: { taskId: t.arg.id({ required: true }) },
    resolve: (_root, { taskId }, { app }) => deleteQueuedTask(app, String(taskId)),
  }),
  toggleSelfSignUp: t.boolean({
    ...access('staff.settings.write'),
    args: { enabled: t.arg.boolean({ required: true }) },
    resolve: (_root, { enabled }, { app }) => setSelfSignUp(app, enabled),
  }),
  impersonateUser: t.field({
    ...access('staff.impersonate'),
    type: SessionPayloadRef,
    args: { userId: t.arg.id({ required: true }), teamId: t.arg.id({ required: false }) },
    resolve: (_root, { userId, teamId }, { app, auth, origin }) =>
      impersonate(
        app,
        requireAuth(auth),
        String(userId),
        teamId ? String(teamId) : undefined,
        origin,
      ),
  }),
}));
