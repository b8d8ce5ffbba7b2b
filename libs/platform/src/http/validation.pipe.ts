import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { type FieldProblem, validationError } from '../errors/domain-error';

/** The most basic failed check says what to fix first (missing before wrong type before format). */
const PRIORITY = ['isDefined', 'isNotEmpty', 'isString', 'isInt', 'isNumber', 'isBoolean', 'isIn', 'isEnum'];

function firstMessage(constraints: Record<string, string>): string {
  const key = PRIORITY.find((k) => k in constraints) ?? Object.keys(constraints)[0];
  return constraints[key];
}

function flatten(errors: ValidationError[], parent = ''): FieldProblem[] {
  return errors.flatMap((e) => {
    const field = parent ? `${parent}.${e.property}` : e.property;
    const own = e.constraints ? [{ field, message: firstMessage(e.constraints) }] : [];
    return [...own, ...flatten(e.children ?? [], field)];
  });
}

/**
 * DTO validation for every route: unknown properties are stripped (never an error, CONTRACT §1)
 * and each failure is listed in the problem's `errors`.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: false,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => validationError(flatten(errors)),
  });
}
