// `syncprogress:check` (spec 2 §7.4): the client asks for the state of its company's sync; the
// answer is a `syncprogress:event` to that socket (and the acknowledgement, when asked for).
import { SOCKET_EVENTS, syncCheckInput } from '@tapwise/contracts';
import { requireTeam } from '../../platform/auth/auth-context';
import { AppError } from '../../platform/errors';
import { defineSocketEvent } from '../../platform/realtime/socket-events';
import type { AppContext } from '../app-context';
import { currentProgressEvent } from './sync-progress';

export const syncCheckEvent = defineSocketEvent<
  ReturnType<typeof syncCheckInput.parse>,
  AppContext
>({
  name: SOCKET_EVENTS.syncCheck,
  access: 'integrations.read',
  payload: syncCheckInput,
  async handle(payload, { auth, socket, context }) {
    const { teamId } = requireTeam(auth);
    if (payload.teamId && payload.teamId !== teamId)
      throw new AppError('FORBIDDEN', 'You do not have permission to do this.');
    const event = await currentProgressEvent(context.db, teamId);
    socket.emit(SOCKET_EVENTS.syncProgress, event);
    return event;
  },
});
