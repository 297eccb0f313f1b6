// A row of a multi-row change: refusals become the row's message, the other rows go on.
import type { WriteRowResult } from '@tapwise/contracts';
import { AppError } from '../../platform/errors';

/** One row's outcome: refusals in words, anything unexpected rethrown. */
export async function rowResult(id: number, work: Promise<unknown>): Promise<WriteRowResult> {
  try {
    await work;
    return { id, ok: true, message: null };
  } catch (error) {
    if (error instanceof AppError) return { id, ok: false, message: error.message };
    throw error;
  }
}
