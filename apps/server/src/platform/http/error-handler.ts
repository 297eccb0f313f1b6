// Renders every failure as the one API error shape; users never see a stack trace.
import { ERROR_MESSAGES } from '@tapwise/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { AppError, internalErrorBody } from '../errors';

export const unsupportedMediaType = () =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as application/json.');

export function toAppError(error: FastifyError | Error): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) {
    // The first problem of each field is the one to fix first.
    const details: Record<string, string> = {};
    for (const issue of error.issues) details[issue.path.join('.') || '_'] ??= issue.message;
    return new AppError('BAD_REQUEST', 'The request is not valid', details);
  }
  const fastifyError = error as FastifyError;
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', ERROR_MESSAGES.PAYLOAD_TOO_LARGE);
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('MALFORMED_JSON', 'The request body is not valid JSON');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return unsupportedMediaType();
  }
  if (fastifyError.statusCode === 429) {
    return new AppError('RATE_LIMITED', 'Too many requests. Please wait a moment and try again.');
  }
  if (fastifyError.validation) return new AppError('BAD_REQUEST', fastifyError.message);
  return undefined;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    if (appError) {
      request.log.info({ code: appError.error }, appError.message);
      return reply.status(appError.status).send(appError.toBody());
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(internalErrorBody());
  });
}
