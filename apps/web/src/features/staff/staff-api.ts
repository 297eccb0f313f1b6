// GraphQL operations of staff administration (docs/api/accounts.md); the server allows them to
// super admins only (staff.* permissions).
import type { InviteStatus, QueuedTaskState, Role, SessionResponse } from '@tapwise/contracts';
import { graphqlRequest } from '../../shared/api/graphql';

export interface StaffUserTeam {
  teamId: string;
  company: string;
  role: Role;
  isDisabled: boolean;
  isReadOnly: boolean;
  inviteStatus: InviteStatus;
}

export interface StaffUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  isDisabled: boolean;
  emailVerified: boolean;
  createdAt: string;
  teams: StaffUserTeam[];
}

/** A company as staff see it; the trial activity list is the companies still on a trial. */
export interface StaffCompany {
  id: string;
  name: string;
  isDisabled: boolean;
  memberCount: number;
  createdAt: string;
  trialEndsAt: string | null;
  lastSignInAt: string | null;
  dataRetentionDays: number;
  /** null: the installation's default period. */
  logRetentionDays: number | null;
}

/** Mock data of a company (docs/staff-tools.md): the demo sandbox integration. */
export interface MockData {
  present: boolean;
  /** Its first sync, 0–100. */
  progress: number;
  deleting: boolean;
  /** A real Apple Ads integration exists: mock data cannot be added. */
  realIntegration: boolean;
}

export interface QueuedTaskGroup {
  category: string;
  teamId: string | null;
  counts: Record<QueuedTaskState, number>;
}

export interface QueuedTask {
  taskId: string;
  category: string;
  teamId: string | null;
  status: QueuedTaskState;
  retryCount: number;
  createdOn: string;
}

export interface LogRetention {
  days: number | null;
  effectiveDays: number;
  defaultDays: number;
}

export interface LoginActivity {
  id: string;
  email: string;
  succeeded: boolean;
  ipAddress: string | null;
  createdAt: string;
}

export interface ActivityLogEntry {
  logId: string;
  company: string | null;
  logType: string;
  message: string;
  watched: boolean;
  createdAt: string;
}

export interface OutboxMail {
  id: string;
  recipient: string;
  subject: string;
  text: string;
  status: 'KEPT' | 'SENT' | 'FAILED';
  attachments: { filename: string; contentType: string; bytes: number }[];
  createdAt: string;
}

export interface ActivityLogFilter {
  teamId?: string | undefined;
  logType?: string | undefined;
  search?: string | undefined;
  limit?: number;
}

const COMPANY_FIELDS =
  'id name isDisabled memberCount createdAt trialEndsAt lastSignInAt dataRetentionDays logRetentionDays';
const MOCK_DATA_FIELDS = 'present progress deleting realIntegration';
const RETENTION_FIELDS = 'days effectiveDays defaultDays';
const LIST_LIMIT = 500;

export const staffApi = {
  users: async () =>
    (
      await graphqlRequest<{ allUsers: StaffUser[] }>(
        `query Users($limit: Int) {
          allUsers(limit: $limit) {
            id email firstName lastName isDisabled emailVerified createdAt
            teams { teamId company role isDisabled isReadOnly inviteStatus }
          }
        }`,
        { limit: LIST_LIMIT },
      )
    ).allUsers,
  companies: async () =>
    (
      await graphqlRequest<{ companyListForStaff: StaffCompany[] }>(
        `query { companyListForStaff { ${COMPANY_FIELDS} } }`,
      )
    ).companyListForStaff,
  trialActivity: async () =>
    (
      await graphqlRequest<{ getTrailActivity: StaffCompany[] }>(
        `query { getTrailActivity { ${COMPANY_FIELDS} } }`,
      )
    ).getTrailActivity,
  loginActivity: async () =>
    (
      await graphqlRequest<{ getLoginActivity: LoginActivity[] }>(
        `query Logins($limit: Int) {
          getLoginActivity(limit: $limit) { id email succeeded ipAddress createdAt }
        }`,
        { limit: LIST_LIMIT },
      )
    ).getLoginActivity,
  createCompanyAdmin: (input: { email: string; companyName: string }) =>
    graphqlRequest(
      `mutation Create($email: String!, $companyName: String!) {
        createCompanyAdmin(email: $email, companyName: $companyName) { id }
      }`,
      input,
    ),
  setCompanyDisabled: (teamId: string, disabled: boolean) =>
    graphqlRequest(
      `mutation Disable($teamId: ID!, $disabled: Boolean!) {
        setCompanyDisabled(teamId: $teamId, disabled: $disabled) { id }
      }`,
      { teamId, disabled },
    ),
  deleteCompany: (teamId: string) =>
    graphqlRequest('mutation Delete($teamId: ID!) { deleteCompany(teamId: $teamId) }', { teamId }),
  resetPasswordLink: async (userId: string) =>
    (
      await graphqlRequest<{ generateResetPasswordLink: string }>(
        'mutation Reset($userId: ID!) { generateResetPasswordLink(userId: $userId) }',
        { userId },
      )
    ).generateResetPasswordLink,
  selfSignUp: async () =>
    (await graphqlRequest<{ getSelfSignUp: boolean }>('query { getSelfSignUp }')).getSelfSignUp,
  setSelfSignUp: (enabled: boolean) =>
    graphqlRequest('mutation Toggle($enabled: Boolean!) { toggleSelfSignUp(enabled: $enabled) }', {
      enabled,
    }),
  impersonate: async (userId: string) =>
    (
      await graphqlRequest<{ impersonateUser: Pick<SessionResponse, 'token' | 'sessId'> }>(
        'mutation Act($userId: ID!) { impersonateUser(userId: $userId) { token sessId } }',
        { userId },
      )
    ).impersonateUser,
  activityLogs: async (filter: ActivityLogFilter) =>
    (
      await graphqlRequest<{ getActivityLogs: ActivityLogEntry[] }>(
        `query Logs($teamId: ID, $logType: String, $search: String, $limit: Int) {
          getActivityLogs(teamId: $teamId, logType: $logType, search: $search, limit: $limit) {
            logId company logType message watched createdAt
          }
        }`,
        { ...filter },
      )
    ).getActivityLogs,
  mailOutbox: async () =>
    (
      await graphqlRequest<{ mailOutbox: OutboxMail[] }>(
        'query Outbox($limit: Int) { mailOutbox(limit: $limit) { id recipient subject text status attachments { filename contentType bytes } createdAt } }',
        { limit: LIST_LIMIT },
      )
    ).mailOutbox,
  changeActivityWatched: (logId: string, watched: boolean) =>
    graphqlRequest(
      `mutation Watch($logId: ID!, $watched: Boolean!) {
        changeActivityWatched(logId: $logId, watched: $watched) { logId watched }
      }`,
      { logId, watched },
    ),
  deleteActivityLog: (logId: string) =>
    graphqlRequest('mutation DeleteLog($logId: ID!) { deleteActivityLog(logId: $logId) }', {
      logId,
    }),
  saveSamActivity: (teamId: string, message: string) =>
    graphqlRequest(
      `mutation Note($teamId: ID!, $message: String!) {
        saveSamActivity(teamId: $teamId, message: $message) { logId }
      }`,
      { teamId, message },
    ),
  mockData: async (teamId: string) =>
    (
      await graphqlRequest<{ getMockData: MockData }>(
        `query Mock($teamId: ID!) { getMockData(teamId: $teamId) { ${MOCK_DATA_FIELDS} } }`,
        { teamId },
      )
    ).getMockData,
  addMockData: async (teamId: string) =>
    (
      await graphqlRequest<{ addMockData: MockData }>(
        `mutation AddMock($teamId: ID!) { addMockData(teamId: $teamId) { ${MOCK_DATA_FIELDS} } }`,
        { teamId },
      )
    ).addMockData,
  removeMockData: async (teamId: string) =>
    (
      await graphqlRequest<{ removeMockData: MockData }>(
        `mutation RemoveMock($teamId: ID!) { removeMockData(teamId: $teamId) { ${MOCK_DATA_FIELDS} } }`,
        { teamId },
      )
    ).removeMockData,
  queuedTasks: async (teamId?: string) =>
    (
      await graphqlRequest<{ getQueuedTasks: { groups: QueuedTaskGroup[]; tasks: QueuedTask[] } }>(
        `query Tasks($teamId: ID) {
          getQueuedTasks(teamId: $teamId) {
            groups { category teamId counts { created retry active completed cancelled failed } }
            tasks { taskId category teamId status retryCount createdOn }
          }
        }`,
        { teamId },
      )
    ).getQueuedTasks,
  deleteQueuedTask: (taskId: string) =>
    graphqlRequest('mutation DeleteTask($taskId: ID!) { deleteQueuedTask(taskId: $taskId) }', {
      taskId,
    }),
  logRetention: async (teamId: string) =>
    (
      await graphqlRequest<{ getLogRetentionPeriod: LogRetention }>(
        `query Retention($teamId: ID!) { getLogRetentionPeriod(teamId: $teamId) { ${RETENTION_FIELDS} } }`,
        { teamId },
      )
    ).getLogRetentionPeriod,
  changeLogRetention: (teamId: string, days: number | null) =>
    graphqlRequest(
      `mutation SetRetention($teamId: ID!, $days: Int) {
        changeLogRetentionPeriod(teamId: $teamId, days: $days) { ${RETENTION_FIELDS} }
      }`,
      { teamId, days },
    ),
  changeDataRetention: (teamId: string, days: number) =>
    graphqlRequest(
      `mutation SetData($teamId: ID!, $days: Int!) {
        changeDataRetention(teamId: $teamId, days: $days) { id dataRetentionDays }
      }`,
      { teamId, days },
    ),
};
