// The profile update of modules/accounts (PUT auth/update-user/{id}, updateUserInput): only the
// signed-in user's own profile, which then renews the token so the new name reaches its claims.
import type { updateUserInput } from '@tapwise/contracts';
import type { z } from 'zod';
import { restCall } from '../../shared/api/http';

export type ProfileUpdate = z.input<typeof updateUserInput>;

export interface PublicProfile {
  UserId: string;
  Email: string;
  FirstName: string;
  LastName: string | null;
  Phone: string | null;
  JobTitle: string | null;
}

export const settingsApi = {
  updateProfile: (userId: string, input: ProfileUpdate) =>
    restCall<PublicProfile>(`auth/update-user/${encodeURIComponent(userId)}`, {
      method: 'PUT',
      body: input,
    }),
};
