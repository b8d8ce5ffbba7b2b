import { Controller, Get } from '@nestjs/common';
import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants';
import { getSchemaPath } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Secured } from '../tenancy/secured.decorator';
import { ApiProblem } from './api-problem.decorator';
import { FASTIFY_ROUTE_CONFIG, LEGACY_ERROR_MEMBER, legacyErrorMemberWanted, withLegacyError } from './legacy-error-member';
import { problemBody } from './problem';
import { LegacyProblemDto, ProblemDto } from './problem.dto';
import { SWAGGER_KEYS } from './swagger-keys';

type Responses = Record<string, { content: Record<string, { schema: { $ref: string }; example: Record<string, unknown> }> }>;
const responses = (target: object): Responses => Reflect.getMetadata(SWAGGER_KEYS.API_RESPONSE, target) as Responses;

describe('legacy error member (CONTRACT §11.5)', () => {
  it("spells @nestjs/platform-fastify's route-config key as the installed package does", () => {
    expect(FASTIFY_ROUTE_CONFIG).toBe(FASTIFY_ROUTE_CONFIG_METADATA);
  });

  it('problemBody writes `error` right after `message` only when asked', () => {
    expect(Object.keys(problemBody(404, 'X', 'd', '/x', [{ field: 'f', message: 'm' }], true))).toEqual([
      'type',
      'title',
      'status',
      'detail',
      'instance',
      'code',
      'message',
      'error',
      'errors',
    ]);
    expect(problemBody(404, 'X_NO', 'No hay.', '/x', undefined, true).error).toEqual({ codigo: 'X_NO', mensaje: 'No hay.' });
    expect(problemBody(404, 'X', 'd', '/x')).not.toHaveProperty('error');
    expect(withLegacyError(problemBody(400, 'V', 'd', '/x') as unknown as Record<string, unknown>)).toEqual(
      problemBody(400, 'V', 'd', '/x', undefined, true),
    );
  });

  it('reads the route config of the request; an unmatched route has none', () => {
    const req = (config?: object) => ({ routeOptions: { config } }) as unknown as FastifyRequest;
    expect(legacyErrorMemberWanted(req({ [LEGACY_ERROR_MEMBER]: true }))).toBe(true);
    expect(legacyErrorMemberWanted(req({}))).toBe(false);
    expect(legacyErrorMemberWanted(req(undefined))).toBe(false);
    expect(legacyErrorMemberWanted({} as FastifyRequest)).toBe(false);
  });

  it('@Secured({ legacyErrorMember: true }) marks every route of the class and rewrites its problems, the class 401 included', () => {
    @Secured({ legacyErrorMember: true })
    @Controller('x')
    class Payroll {
      @Get()
      @ApiProblem(404, 'No existe.', { code: 'X_NO', detail: 'No existe x.' })
      list(): string {
        return '';
      }

      helper(): string {
        return '';
      }
    }
    const proto = Payroll.prototype as unknown as Record<string, object>;
    expect(Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, proto.list)).toEqual({ [LEGACY_ERROR_MEMBER]: true });
    expect(Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, proto.helper)).toBeUndefined();
    for (const [target, status] of [
      [proto.list, '404'],
      [Payroll, '401'],
    ] as const) {
      const media = responses(target)[status].content['application/problem+json'];
      expect(media.schema).toEqual({ $ref: getSchemaPath(LegacyProblemDto) });
      expect(media.example.error).toEqual({ codigo: media.example.code, mensaje: media.example.detail });
    }
  });

  it('leaves other controllers alone and refuses the option on a method', () => {
    @Secured()
    @Controller('y')
    class Other {
      @Get()
      @ApiProblem(404, 'No existe.', { code: 'Y_NO', detail: 'No existe y.' })
      list(): string {
        return '';
      }
    }
    const list = (Other.prototype as unknown as Record<string, object>).list;
    expect(Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, list)).toBeUndefined();
    expect(responses(list)['404'].content['application/problem+json'].schema).toEqual({ $ref: getSchemaPath(ProblemDto) });
    expect(responses(list)['404'].content['application/problem+json'].example).not.toHaveProperty('error');
    const onMethod = Secured({ legacyErrorMember: true }) as MethodDecorator;
    expect(() => onMethod({}, 'm', { value: () => undefined })).toThrow(/controller class/);
  });
});
