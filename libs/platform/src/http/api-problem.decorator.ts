import { applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import { validationError } from '../errors/domain-error';
import { problemTitle } from './problem';
import { ProblemDto } from './problem.dto';

/** Documents an error response as application/problem+json with the shared ProblemDto schema. */
export function ApiProblem(status: number, description: string, example?: Partial<ProblemDto>): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ApiExtraModels(ProblemDto),
    ApiResponse({
      status,
      description,
      content: {
        'application/problem+json': {
          schema: { $ref: getSchemaPath(ProblemDto) },
          // A complete body (every required field), so the example validates against ProblemDto.
          ...(example ? { example: completeExample(status, description, example) } : {}),
        },
      },
    }),
  );
}

/**
 * Documents the 400 of one invalid parameter with the body the service really sends for it
 * (detail and errors[] built by validationError, the same function the parsers throw).
 */
export function ApiValidationProblem(
  description: string,
  field: string,
  message: string,
  instance?: string,
): MethodDecorator & ClassDecorator {
  const { detail, code } = validationError([{ field, message }]);
  return ApiProblem(400, description, {
    title: problemTitle(400),
    code,
    detail,
    ...(instance === undefined ? {} : { instance }),
    errors: [{ field, message }],
  });
}

function completeExample(status: number, description: string, example: Partial<ProblemDto>): ProblemDto {
  const body: ProblemDto = {
    type: `tag:nomina-read-api,2026:problem:${example.code ?? 'VALIDATION'}`,
    title: problemTitle(status),
    status,
    detail: description,
    instance: '/ruta/solicitada',
    code: 'VALIDATION',
    message: '',
    ...example,
  };
  // As on the wire: message always repeats detail.
  body.message = body.detail;
  return body;
}
