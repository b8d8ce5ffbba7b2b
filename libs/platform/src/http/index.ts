/**
 * `@nomina-api/platform/http`: what a context's http/ layer uses. Parameter pipes, problem+json and
 * its OpenAPI decorators, the legacy Java-style JSON writer and its text helpers, response
 * streaming, and conditional requests (`@Conditional()`, `@CurrentToday()`).
 */
export { CurrentToday, Conditional, NoStore } from '../conditional/conditional.decorator';
export { ApiProblem, ApiValidationProblem } from './api-problem.decorator';
export { clientGone } from './client-gone';
export { httpReply, httpRequest } from './http-context';
export { decimalJson, textJson } from './json-text/json-text';
export * from './legacy-json';
export { pipeInto } from './pipe-into';
export { applyLegacyErrorMember, LEGACY_ERROR_MEMBER, legacyErrorMemberWanted } from './legacy-error-member';
export { type LegacyErrorMember, PROBLEM_CONTENT_TYPE, type ProblemBody, problemBody } from './problem';
export { FieldProblemDto, LegacyErrorDto, LegacyProblemDto, ProblemDto } from './problem.dto';
export { normalizeUuid, ParseUuidPipe, toWireUuid, uuidProblemMessage, wireUuid } from './uuid';
export { ValidDto } from './validation.pipe';
