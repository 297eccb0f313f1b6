// What the client does when the server ends the session (spec 1 §4, §8): one alert with the
// reason, the session cleared, and the logout or login page. Several requests failing together
// must not stack alerts, so only the first is handled until a new session is stored.
import { ERROR_CODES, type ApiErrorBody } from '@tapwise/contracts';
import i18next from 'i18next';
import { clearSession, onSessionStored } from './session-store';
import { hardNavigate } from '../../../shared/navigation/hard-navigate';

const OUTCOMES = {
  [ERROR_CODES.ACCOUNT_DISABLED]: { message: 'errors.accountDisabled', redirectTo: '/logout' },
  [ERROR_CODES.PASSWORD_CHANGED]: { message: 'errors.passwordChanged', redirectTo: '/logout' },
} as const;
const INVALID_SESSION = { message: 'errors.invalidSession', redirectTo: '/login' } as const;

let handled = false;
onSessionStored(() => {
  handled = false;
});

function sessionEndedOutcome(body: Pick<ApiErrorBody, 'code'> | undefined) {
  return (body && OUTCOMES[body.code as keyof typeof OUTCOMES]) ?? INVALID_SESSION;
}

export function handleSessionEnded(body: ApiErrorBody | undefined): void {
  if (handled) return;
  handled = true;
  const outcome = sessionEndedOutcome(body);
  window.alert(i18next.t(outcome.message));
  clearSession();
  hardNavigate(outcome.redirectTo);
}
