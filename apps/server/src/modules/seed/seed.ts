// Demo people for a fresh installation: a staff admin, and a company with an admin and a
// read-only member. Idempotent: running it again changes nothing.
import { hashPassword } from '../../platform/auth/passwords';
import type { Database } from '../../platform/db/database';
import { findUserByEmail, insertUser } from '../accounts/accounts.repository';
import { insertMembership, insertTeam } from '../teams/teams.repository';
import type { Role } from '@tapwise/contracts';

/** The demo password; SEED_PASSWORD replaces it. Never use the seed on a public installation. */
export const DEFAULT_SEED_PASSWORD = 'Tapwise-demo-1';

export const SEED_COMPANY = 'Demo Company';
export const SEED_STAFF_COMPANY = 'Tapwise Staff';

export interface SeedAccount {
  email: string;
  role: Role;
  isReadOnly: boolean;
  company: string;
  firstName: string;
  lastName: string;
}

export const SEED_ACCOUNTS: readonly SeedAccount[] = [
  {
    email: 'staff@tapwise.local',
    role: 'SUPERADMIN',
    isReadOnly: false,
    company: SEED_STAFF_COMPANY,
    firstName: 'Sam',
    lastName: 'Staff',
  },
  {
    email: 'admin@demo.tapwise.local',
    role: 'ADMIN',
    isReadOnly: false,
    company: SEED_COMPANY,
    firstName: 'Alex',
    lastName: 'Admin',
  },
  {
    email: 'viewer@demo.tapwise.local',
    role: 'STAFF',
    isReadOnly: true,
    company: SEED_COMPANY,
    firstName: 'Robin',
    lastName: 'Reader',
  },
];

/** Creates whatever of the seed is missing; returns the accounts created now. */
export async function seed(db: Database, password: string): Promise<SeedAccount[]> {
  const created: SeedAccount[] = [];
  const teamIds = new Map<string, string>();
  const passwordHash = await hashPassword(password);
  for (const account of SEED_ACCOUNTS) {
    if (await findUserByEmail(db, account.email)) continue;
    await db.transaction(async (tx) => {
      let teamId = teamIds.get(account.company);
      if (!teamId) {
        teamId = (await insertTeam(tx, { name: account.company })).id;
        teamIds.set(account.company, teamId);
      }
      const user = await insertUser(tx, {
        email: account.email,
        passwordHash,
        firstName: account.firstName,
        lastName: account.lastName,
        jobTitle: account.role === 'SUPERADMIN' ? 'Support' : 'Marketing',
        phone: '+1 555 0100',
        emailVerifiedAt: new Date(),
      });
      await insertMembership(tx, {
        teamId,
        userId: user.id,
        role: account.role,
        isReadOnly: account.isReadOnly,
      });
    });
    created.push(account);
  }
  return created;
}
