import { Controller, Get, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { respond } from '@nomina-api/platform/export';
import { Conditional } from '@nomina-api/platform/http';
import { CurrentTenant, Secured } from '@nomina-api/platform/tenancy';
import { ListConceptosQuery } from '../queries/list-conceptos/list-conceptos.query';
import { ApiListConceptos } from './conceptos.openapi';
import { CONCEPTOS_REPLY } from './conceptos.reply';

@ApiTags('Nómina')
@Secured({ legacyErrorMember: true })
@Conditional()
@Controller('conceptos')
export class ConceptosController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @ApiListConceptos()
  list(@CurrentTenant() tenantId: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<unknown> {
    return respond(this.queryBus, reply, CONCEPTOS_REPLY, new ListConceptosQuery(tenantId));
  }
}
