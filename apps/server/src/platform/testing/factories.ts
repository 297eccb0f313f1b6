// Factories for tests: companies and members made directly in the database, then used through
// the real API like any user would.
import { randomUUID } from 'node:crypto';
import type { Role } from '@tapwise/contracts';
import { insertUser } from '../../modules/accounts/accounts.repository';
import { insertMembership, insertTeam } from '../../modules/teams/teams.repository';
import { hashPassword } from '../auth/passwords';
import type { Database } from '../db/database';

export const FACTORY_PASSWORD = 'factory-password-1';
const passwordHash = hashPassword(FACTORY_PASSWORD);

export async function createCompany(db: Database, name = `Company ${randomUUID().slice(0, 8)}`) {
  return insertTeam(db, { name, trialEndsAt: new Date(Date.now() + 14 * 86_400_000) });
}

export interface MemberOptions {
  role?: Role;
  isReadOnly?: boolean;
  isDisabled?: boolean;
  email?: string;
  firstName?: string;
}

export async function createMember(db: Database, teamId: string, options: MemberOptions = {}) {
  const user = await insertUser(db, {
    email: options.email ?? `member-${randomUUID().slice(0, 8)}@acme.test`,
    passwordHash: await passwordHash,
    firstName: options.firstName ?? 'Pat',
    lastName: 'Member',
    phone: '+1 555 0100',
    jobTitle: 'Marketing',
    emailVerifiedAt: new Date(),
  });
  const membership = await insertMembership(db, {
    teamId,
    userId: user.id,
    role: options.role ?? 'STAFF',
    isReadOnly: options.isReadOnly ?? false,
    isDisabled: options.isDisabled ?? false,
  });
  return { user, membership, email: user.email, password: FACTORY_PASSWORD };
}

/** Adds an existing user to another company. */
export async function addMembership(
  db: Database,
  teamId: string,
  userId: string,
  role: Role = 'STAFF',
) {
  return insertMembership(db, { teamId, userId, role });
}

/** A verified user who belongs to no company yet (profile completion still to do). */
export async function createUserWithoutCompany(db: Database) {
  const user = await insertUser(db, {
    email: `newcomer-${randomUUID().slice(0, 8)}@acme.test`,
    passwordHash: await passwordHash,
    firstName: '',
    lastName: '',
    phone: '',
    jobTitle: '',
    emailVerifiedAt: new Date(),
  });
  return { user, email: user.email, password: FACTORY_PASSWORD };
}
