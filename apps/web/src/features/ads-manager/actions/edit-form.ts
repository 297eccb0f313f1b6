// What the edit forms share: micros as typed amounts, ISO times as dates, only the changed
// fields sent, schema issues by field, and the submission with its toasts.
import type { AdsManagerMessage, ReportRow } from '@tapwise/contracts';
import i18next from 'i18next';
import { useState } from 'react';
import { serverFieldErrors } from '../../../shared/api/api-error';
import { notifySuccess } from '../../../shared/ui/notify';
import type { OnChanged } from './types';
import {
  adsMessage,
  notifyWriteFailure,
  refusedMessageOf,
  translatedServerMessage,
} from './write-feedback';

/** Micros as the amount a user types ("12.5"); empty when not set. */
export function amountOf(micros: number | null | undefined): string {
  return micros === null || micros === undefined ? '' : String(micros / 1_000_000);
}

/** The calendar day of an ISO time ("2026-05-01"); empty when not set. */
export function dayOf(time: string | null | undefined): string {
  return time ? time.slice(0, 10) : '';
}

/** A day as the time Apple takes: the start of the day, or its last second for an end. */
export function timeOfDay(day: string, edge: 'start' | 'end'): string {
  return `${day}T${edge === 'start' ? '00:00:00.000' : '23:59:59.000'}Z`;
}

/** The form's fields whose value differs from the one it opened with. */
export function changedFields<Values extends Record<string, unknown>>(
  initial: Values,
  current: Values,
): (keyof Values)[] {
  return Object.keys(current).filter(
    (key) => JSON.stringify(initial[key]) !== JSON.stringify(current[key]),
  );
}

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** The first issue of each field, keyed by its path ("targeting.age"), translated. */
export function issuesByField(issues: readonly Issue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.filter((part) => typeof part === 'string').join('.');
    errors[field] ??= i18next.t(issue.message);
  }
  return errors;
}

/** Sends an edit: its toast, the updated row to the table, or the reasons it was refused. */
export function useEditSubmission(row: ReportRow, onChanged: OnChanged, onDone: () => void) {
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function send(request: () => Promise<{ successMessage: string; row: ReportRow }>) {
    setPending(true);
    try {
      const result = await request();
      notifySuccess(translatedServerMessage(result.successMessage));
      onChanged([{ ...result.row, counts: row.counts }]);
      onDone();
    } catch (error) {
      const refused: AdsManagerMessage | null = refusedMessageOf(error);
      const fields = Object.fromEntries(
        Object.entries(serverFieldErrors(error)).map(([field, key]) => [field, i18next.t(key)]),
      );
      if (refused) setErrors({ name: adsMessage(refused) });
      else if (Object.keys(fields).length > 0) setErrors(fields);
      else notifyWriteFailure(error, 'updateFailed', () => onChanged());
    } finally {
      setPending(false);
    }
  }

  return { pending, errors, setErrors, send };
}

/** Nothing to send: the spec's "No changes detected". */
export function notifyNoChanges(): void {
  notifySuccess(adsMessage('noChanges'));
}
