/**
 * `@nomina-api/platform/http`: the request and the reply. Parameter pipes, problem+json and its
 * OpenAPI decorators, the legacy Java-style JSON writer and its text helpers, response streaming,
 * conditional requests (`@Conditional()`, `@CurrentToday()`), and the Fastify hooks the standalone
 * server installs (input limits, transport errors, security headers).
 */
export { CurrentToday, Conditional, NoStore } from '../conditional/conditional.decorator';
export { ApiProblem, ApiValidationProblem } from './api-problem.decorator';
export { httpReply, httpRequest } from './http-context';
export { checkBody, MAX_BODY_DEPTH, rejectNulInUrl } from './input-limits';
export { decimalJson, textJson } from './json-text/json-text';
export * from './legacy-json';
export { pipeInto } from './pipe-into';
export { applyLegacyErrorMember, LEGACY_ERROR_MEMBER, legacyErrorMemberWanted } from './legacy-error-member';
export { type LegacyErrorMember, PROBLEM_CONTENT_TYPE, type ProblemBody, problemBody } from './problem';
export { FieldProblemDto, LegacyErrorDto, LegacyProblemDto, ProblemDto } from './problem.dto';
export { securityHeaders, type SecurityHeadersOptions } from './security-headers';
export { clientErrorHandler, frameworkErrors, limitUrlLength, MAX_URL_LENGTH, rejectWhileClosing } from './transport-errors';
export { normalizeUuid, ParseUuidPipe, toWireUuid, uuidProblemMessage, wireUuid } from './uuid';
export { ValidDto } from './validation.pipe';
