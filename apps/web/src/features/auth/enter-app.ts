import type { SessionResponse } from '@tapwise/contracts';
import { storeSession } from './session/session-store';

/** Stores a new session and says where the user continues: profile completion, or the app. */
export function enterApp(response: SessionResponse): string {
  storeSession(response);
  return response.onboarded ? '/overview' : '/onboard';
}
