/**
 * `@nomina-api/platform/errors`: DomainError, the base of every context's error class (a code that
 * ProblemDetailsFilter maps to a status through the context's table), and the platform's own codes.
 * Apart from the root entry so validation code loads one small file, not the kernel's module graph.
 */
export { DomainError, type FieldProblem, PlatformError, PlatformErrorCode, validationError } from './domain-error';
