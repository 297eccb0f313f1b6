// The single application error type; routes and resolvers throw it, the HTTP layer renders it.
import { ERROR_CODES, ERROR_MESSAGES, type ApiErrorBody, type ErrorName } from '@tapwise/contracts';

const STATUS_BY_ERROR: Record<ErrorName, number> = {
  BAD_REQUEST: 400,
  MALFORMED_JSON: 400,
  PAYLOAD_TOO_LARGE: 413,
  NOT_FOUND: 404,
  RATE_LIMITED: 429,
  CONFLICT: 409,
  INVALID_SESSION: 401,
  FORBIDDEN: 403,
  ACCOUNT_DISABLED: 401,
  PASSWORD_CHANGED: 401,
  INVALID_INTEGRATION: 409,
  SYNC_TOO_SOON: 429,
  APPLE_ADS_REJECTED: 400,
  APPLE_ADS_WRITE_FAILED: 502,
  ENTITY_CHANGED: 409,
  AUTOMATION_SWITCHED_OFF: 423,
  INTERNAL: 500,
};

export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly error: ErrorName,
    message: string,
    readonly details?: Record<string, string>,
  ) {
    super(message);
    this.status = STATUS_BY_ERROR[error];
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
