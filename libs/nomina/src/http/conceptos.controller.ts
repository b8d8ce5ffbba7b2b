import { Controller, Get, Res, type StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentTenant, Secured } from '@nomina-api/platform/tenancy';
import { Conditional } from '@nomina-api/platform/http';
import { ListConceptosQuery } from '../queries/list-conceptos/list-conceptos.query';
import { ApiListConceptos } from './conceptos.openapi';
import { writeConceptos } from './dto/concepto.response.dto';
import { nominaFile, requestedFormat } from './export';
import { legacyJson } from './legacy-response';

@ApiTags('Nómina')
@Secured({ legacyErrorMember: true })
@Conditional()
@Controller('conceptos')
export class ConceptosController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @ApiListConceptos()
  async list(@CurrentTenant() tenantId: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<string | StreamableFile> {
    const format = requestedFormat(reply);
    const rows = await this.queryBus.execute(new ListConceptosQuery(tenantId));
    if (format !== 'json') return nominaFile(format, 'conceptos', rows);
    return legacyJson(reply, writeConceptos(rows, rows.length));
  }
}
