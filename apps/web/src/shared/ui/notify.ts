// Toasts with the spec's durations: success 3 s, error 6 s, the first-sync message 15 s.
import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '@tapwise/contracts';

export function notifySuccess(message: string): void {
  notifications.show({ message, color: 'teal', autoClose: TOAST_DURATION_MS.success });
}

/** A notice that is neither a success nor a failure ("please wait"), as short as a success. */
export function notifyInfo(message: string): void {
  notifications.show({ message, color: 'blue', autoClose: TOAST_DURATION_MS.success });
}

export function notifyError(message: string): void {
  notifications.show({ message, color: 'red', autoClose: TOAST_DURATION_MS.error });
}

export function notifyFirstSync(message: string): void {
  notifications.show({ message, color: 'blue', autoClose: TOAST_DURATION_MS.firstSync });
}
