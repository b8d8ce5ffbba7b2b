import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { validateSync, type ValidatorOptions } from 'class-validator';
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
 * The pipe for a class-validator DTO parameter: `@Query(ValidDto) query: SomeRequestDto`,
 * `@Body(ValidDto) body: …`. Unknown properties are stripped (never an error, CONTRACT §1) and each
 * failure is listed in the problem's `errors`. On the parameter, not on the controller: Nest runs a
 * controller's pipes on every parameter of every route (the tenant, a uuid, the reply…), each
 * through its own promise chain, and only three parameters of the whole API are DTOs. The
 * route-security test fails for a DTO parameter without it.
 */
/**
 * Nest's ValidationPipe with class-validator's synchronous `validateSync`: every rule of our DTOs
 * is synchronous (none is declared `async`), and `validate` runs each property's checks through
 * promises (a `Promise.all` per object) to the same result. test/route-security fails for an
 * asynchronous constraint, which `validateSync` would skip.
 */
class SyncValidationPipe extends ValidationPipe {
  protected override validate(object: object, options?: ValidatorOptions): ValidationError[] {
    return validateSync(object, options);
  }
}

export const ValidDto = new SyncValidationPipe({
  transform: true,
  whitelist: true,
  forbidNonWhitelisted: false,
  validationError: { target: false, value: false },
  exceptionFactory: (errors) => validationError(flatten(errors)),
});
