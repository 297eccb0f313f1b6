// Small request validators that collect Apple-style error details (code, message, info.field).
import { violationsOf } from '@tapwise/apple-ads-schemas';
import type { z } from 'zod';
import { amountToCents } from '../model/money.js';
import { ApiError, detail, type ErrorDetail } from './api-error.js';

export class Validator {
  readonly details: ErrorDetail[] = [];
  constructor(private readonly body: Record<string, unknown>) {}

  static of(body: unknown): Validator {
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw new ApiError(400, 'INVALID_REQUEST', 'Request body must be a JSON object');
    }
    return new Validator(body as Record<string, unknown>);
  }

  has(field: string): boolean {
    return this.body[field] !== undefined && this.body[field] !== null;
  }

  string(field: string, required: boolean, maxLength = 200): string | undefined {
    const value = this.body[field];
    if (value === undefined || value === null) {
      if (required) this.details.push(detail('FIELD_REQUIRED', `${field} is required`, field));
      return undefined;
    }
    if (typeof value !== 'string' || value.trim() === '' || value.length > maxLength) {
      this.details.push(
        detail(
          'INVALID_VALUE',
          `${field} must be a non-empty string of at most ${maxLength} characters`,
          field,
        ),
      );
      return undefined;
    }
    return value;
  }

  integer(field: string, required: boolean): number | undefined {
    const value = this.body[field];
    if (value === undefined || value === null) {
      if (required) this.details.push(detail('FIELD_REQUIRED', `${field} is required`, field));
      return undefined;
    }
    const number = typeof value === 'string' ? Number(value) : value;
    if (typeof number !== 'number' || !Number.isInteger(number)) {
      this.details.push(detail('INVALID_VALUE', `${field} must be an integer`, field));
      return undefined;
    }
    return number;
  }

  oneOf<T extends string>(field: string, values: readonly T[], required: boolean): T | undefined {
    const value = this.body[field];
    if (value === undefined || value === null) {
      if (required) this.details.push(detail('FIELD_REQUIRED', `${field} is required`, field));
      return undefined;
    }
    if (!values.includes(value as T)) {
      this.details.push(
        detail('INVALID_VALUE', `${field} must be one of ${values.join(', ')}`, field),
      );
      return undefined;
    }
    return value as T;
  }

  boolean(field: string): boolean | undefined {
    const value = this.body[field];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'boolean') {
      this.details.push(detail('INVALID_VALUE', `${field} must be a boolean`, field));
      return undefined;
    }
    return value;
  }

  /** A Money object at a path like `bid` or `dailyBudget.value`; returns cents. */
  money(path: string, required: boolean, currency: string): number | undefined {
    let value: unknown = this.body;
    for (const part of path.split('.'))
      value =
        value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
    if (value === undefined || value === null) {
      if (required) this.details.push(detail('FIELD_REQUIRED', `${path} is required`, path));
      return undefined;
    }
    const money = value as { amount?: unknown; currency?: unknown };
    const cents = typeof money.amount === 'string' ? amountToCents(money.amount) : null;
    if (cents === null || cents <= 0) {
      this.details.push(
        detail(
          'INVALID_VALUE',
          `${path}.amount must be a positive decimal string with at most two decimals`,
          `${path}.amount`,
        ),
      );
      return undefined;
    }
    if (money.currency !== undefined && money.currency !== null && money.currency !== currency) {
      this.details.push(
        detail(
          'INVALID_VALUE',
          `${path}.currency must be the ad account currency ${currency}`,
          `${path}.currency`,
        ),
      );
      return undefined;
    }
    return cents;
  }

  raw(field: string): unknown {
    return this.body[field];
  }

  /** Throws the collected problems as one VALIDATION_ERROR. */
  done(): void {
    if (this.details.length > 0)
      throw new ApiError(400, 'VALIDATION_ERROR', 'Validation errors found', this.details);
  }
}

/**
 * Parses a body against one of the shared v1 schemas, or answers Apple's 400 VALIDATION_ERROR with
 * a detail per broken rule. `empty` is what an absent body means (a query's "everything").
 */
export function parseBody<Schema extends z.ZodType>(
  schema: Schema,
  body: unknown,
  empty?: z.input<Schema>,
): z.output<Schema> {
  const value = body === undefined && empty !== undefined ? empty : body;
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new ApiError(400, 'INVALID_REQUEST', 'Request body must be a JSON object');
  const violations = violationsOf(schema, value);
  if (violations.length > 0)
    throw new ApiError(
      400,
      'VALIDATION_ERROR',
      'Validation errors found',
      violations.map((violation) => detail(violation.code, violation.message, violation.field)),
    );
  return schema.parse(value);
}
