// The REST calls of signing up, in and out (docs/api/accounts.md). Calls made before a session
// exists go anonymous, so a stale stored session cannot turn their 401 into "Invalid Session".
import type { SessionResponse } from '@tapwise/contracts';
import { restCall } from '../../shared/api/http';

export interface Credentials {
  email: string;
  password: string;
}

export interface ProfileInput {
  firstName: string;
  lastName?: string | undefined;
  phone: string;
  companyName: string;
  jobTitle: string;
}

export interface AcceptInviteInput {
  token: string;
  password?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  phone?: string | undefined;
  jobTitle?: string | undefined;
}

const anonymous = { anonymous: true } as const;

export const authApi = {
  signIn: (body: Credentials) => restCall<SessionResponse>('auth/signin', { body, ...anonymous }),
  signUp: (body: Credentials) => restCall<{ email: string }>('auth/signup', { body, ...anonymous }),
  resendVerification: (email: string) =>
    restCall<object>('auth/vlink', { body: { email }, ...anonymous }),
  verifyEmail: (token: string) =>
    restCall<SessionResponse>('auth/vupdate', { body: { token }, ...anonymous }),
  requestRecovery: (email: string) =>
    restCall<object>('auth/recovery', { body: { email }, ...anonymous }),
  resetPassword: (body: { token: string; password: string }) =>
    restCall<object>('auth/pwdver', { body, ...anonymous }),
  acceptInvite: (body: AcceptInviteInput) =>
    restCall<SessionResponse>('auth/accept', { body, ...anonymous }),
  selfSignUp: () => restCall<{ selfSignUp: boolean }>('auth/get-ss', anonymous),
  blockedDomains: () => restCall<{ domains: string[] }>('auth/bl-domains', anonymous),
  changePassword: (body: { currentPassword: string; newPassword: string }) =>
    restCall<SessionResponse>('auth/change-password', { body }),
  completeProfile: (body: ProfileInput) => restCall<SessionResponse>('auth/onboard', { body }),
  signOut: () => restCall<object>('auth/signout', { body: {}, quietSessionEnd: true }),
};
