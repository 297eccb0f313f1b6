import { ERROR_MESSAGES } from '@tapwise/contracts';
import { AppError } from '../../platform/errors';

/** Spec 1 §8 "Email already exists", with the field's message key for forms. */
export function emailExistsError(): AppError {
  return new AppError('CONFLICT', ERROR_MESSAGES.EMAIL_EXISTS, { email: 'validation.emailExists' });
}
