import type { Readable } from 'node:stream';
import { Controller, Get, Headers, Param, Query, Res, type StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Conditional, ValidDto } from '@nomina-api/platform/http';
import { resolveExportFormat } from '@nomina-api/platform/export';
import { CurrentTenant, Secured } from '@nomina-api/platform/tenancy';
import { FindProveedorQuery } from '../queries/find-proveedor/find-proveedor.query';
import { ListProveedoresQuery } from '../queries/list-proveedores/list-proveedores.query';
import { ListProveedoresRequestDto } from './dto/list-proveedores.request.dto';
import { ProveedorResponseDto } from './dto/proveedor.response.dto';
import { ParseIdentificacionPipe } from './parse-identificacion.pipe';
import { pagingHeaders, resolvePaging } from './paging';
import { ApiFindProveedor, ApiListProveedores, ApiProveedoresUnavailable } from './proveedores.openapi';
import { sendProveedores } from './proveedores.reply';

/**
 * Supplier query (CONTRACT §5). Records are establishments; both operations answer a JSON array
 * and the paging headers. The complete list is streamed from a database cursor.
 */
@ApiTags('Proveedores')
@Secured()
@Conditional()
@ApiProveedoresUnavailable()
@Controller('proveedor')
export class ProveedoresController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @ApiListProveedores()
  async list(
    @CurrentTenant() tenantId: string,
    @Query(ValidDto) query: ListProveedoresRequestDto,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ProveedorResponseDto[] | Readable | StreamableFile | undefined> {
    const paging = resolvePaging(query.pagina, query.limite);
    const format = resolveExportFormat(query.format, accept);
    const result = await this.queryBus.execute(new ListProveedoresQuery(tenantId, paging));
    return sendProveedores(reply, paging, result, format);
  }

  @Get(':identificacion')
  @ApiFindProveedor()
  async find(
    @CurrentTenant() tenantId: string,
    @Param('identificacion', ParseIdentificacionPipe) identificacion: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ProveedorResponseDto[]> {
    const records = await this.queryBus.execute(new FindProveedorQuery(tenantId, identificacion));
    reply.headers(pagingHeaders(undefined, records.length));
    return records;
  }
}
