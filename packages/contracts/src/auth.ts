// Inputs and outputs of signing up, signing in, sessions and team membership (spec 2 §3.5, §7.2).
import { z } from 'zod';
import { SUPPORTED_LOCALES } from './locales';
import type { ROLES } from './roles';
import { emailSchema, phoneSchema } from './validation/contact';
import {
  companyNameSchema,
  firstNameSchema,
  jobTitleSchema,
  lastNameSchema,
} from './validation/names';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const passwordSchema = z
  .string({ error: 'validation.required' })
  .min(PASSWORD_MIN_LENGTH, 'validation.passwordTooShort')
  .max(PASSWORD_MAX_LENGTH, 'validation.passwordTooLong')
  .refine((value) => /\p{L}/u.test(value) && /\p{N}/u.test(value), 'validation.passwordWeak');

export const signInInput = z.object({
  email: emailSchema,
  password: z.string().min(1, 'validation.required').max(PASSWORD_MAX_LENGTH),
});

export const signUpInput = z.object({ email: emailSchema, password: passwordSchema });

export const emailOnlyInput = z.object({ email: emailSchema });

export const tokenInput = z.object({ token: z.string().min(16).max(200) });

export const resetPasswordInput = z.object({
  token: z.string().min(16).max(200),
  password: passwordSchema,
});

export const changePasswordInput = z.object({
  currentPassword: z.string().min(1, 'validation.required').max(PASSWORD_MAX_LENGTH),
  newPassword: passwordSchema,
});

/** Profile completion (/onboard) and profile edits. */
export const profileInput = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  phone: phoneSchema,
  companyName: companyNameSchema,
  jobTitle: jobTitleSchema,
});

export const INVITABLE_ROLES = ['ADMIN', 'STAFF'] as const;

export const inviteMemberInput = z.object({
  email: emailSchema,
  role: z.enum(INVITABLE_ROLES),
  isReadOnly: z.boolean().default(false),
});

export const acceptInviteInput = z.object({
  token: z.string().min(16).max(200),
  /** Needed only when the invited person has no Tapwise account yet. */
  password: passwordSchema.optional(),
  firstName: firstNameSchema.optional(),
  lastName: lastNameSchema,
  phone: phoneSchema.optional(),
  jobTitle: jobTitleSchema.optional(),
});

export const switchToInput = z.object({ TeamId: z.uuid() });

export const userDetailsInput = z.object({
  UserID: z.uuid(),
  SessId: z.uuid(),
  switchTo: switchToInput.optional(),
});

export const INVITE_STATUSES = ['INVITED', 'ACCEPTED'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];
export const SUBSCRIPTION_STATUSES = ['trial', 'active', 'on_hold', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** A team entry of the session (spec 2 §3.5). */
export interface TeamEntry {
  TeamId: string;
  Company: string;
  Role: (typeof ROLES)[number];
  IsDisabled: boolean;
  CreatedOn: string;
  IsReadOnly: boolean;
}

/** The claims of the access token (spec 2 §3.5), plus the server-side session id. */
export interface SessionClaims {
  UserId: string;
  TeamID: string | null;
  Role: (typeof ROLES)[number] | null;
  FirstName: string;
  LastName: string;
  Email: string;
  Phone: string;
  CompanyName: string;
  JobTitle: string;
  IsReadOnly: boolean;
  permissions: string[];
  teams: TeamEntry[];
  subscriptionStatus: SubscriptionStatus | null;
  sessId: string;
  /** Set while a super admin acts as this user. */
  impersonatedBy?: string;
}

/** What sign-in, profile completion, refresh and team switch return. */
export interface SessionResponse {
  token: string;
  sessId: string;
  expiresAt: string;
  user: SessionClaims;
  /** True once the user has completed the profile and belongs to a company. */
  onboarded: boolean;
}

/** The REST envelope (spec 2 §7.1): a code, an optional success message and the data. */
export interface ApiResult<Data> {
  code: 0;
  successMessage?: string;
  data: Data;
}

/** Headers carrying the session on every request (spec 2 §7.1). */
export const SESSION_HEADERS = {
  token: 'authorization',
  sessId: 'x-session-id',
  userId: 'x-user-id',
  teamId: 'x-team-id',
} as const;

/** Editing one's own profile (auth/update-user): every field optional, the same rules. */
export const updateUserInput = z.object({
  firstName: firstNameSchema.optional(),
  lastName: lastNameSchema,
  phone: phoneSchema.optional(),
  jobTitle: jobTitleSchema.optional(),
  locale: z.enum(SUPPORTED_LOCALES).optional(),
});
