// Apple's error envelope: {"error":{code,message,details:[{code,message,info}]}} with an HTTP status.

export interface ErrorDetail {
  code: string;
  message: string;
  info?: Record<string, unknown>;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ErrorDetail[] = [],
  ) {
    super(message);
  }

  toBody(): { error: { code: string; message: string; details: ErrorDetail[] } } {
    return { error: { code: this.code, message: this.message, details: this.details } };
  }
}

export function detail(code: string, message: string, field: string): ErrorDetail {
  return { code, message, info: { field } };
}

export const notFound = (what: string): ApiError =>
  new ApiError(404, 'NOT_FOUND', `${what} not found`);
