// The single application error type; routes and resolvers throw it, the HTTP layer renders it.
import {
  ERROR_CODES,
  ERROR_HTTP_STATUS,
  ERROR_MESSAGES,
  type ApiErrorBody,
  type ErrorName,
} from '@tapwise/contracts';

export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly error: ErrorName,
    message: string,
    readonly details?: Record<string, string>,
  ) {
    super(message);
    this.status = ERROR_HTTP_STATUS[error];
  }

  toBody(): ApiErrorBody {
    return {
      code: ERROR_CODES[this.error],
      error: this.error,
      message: this.message,
      ...(this.details ? { details: this.details } : {}),
    };
  }
}

export function internalErrorBody(): ApiErrorBody {
  return { code: ERROR_CODES.INTERNAL, error: 'INTERNAL', message: ERROR_MESSAGES.GENERIC };
}
