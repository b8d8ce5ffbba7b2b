import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Conditional, ValidDto } from '@nomina-api/platform/http';
import { respond } from '@nomina-api/platform/export';
import { CurrentTenant, Secured } from '@nomina-api/platform/tenancy';
import { FindProveedorQuery } from '../queries/find-proveedor/find-proveedor.query';
import { ListProveedoresQuery } from '../queries/list-proveedores/list-proveedores.query';
import { ListProveedoresRequestDto } from './dto/list-proveedores.request.dto';
import { ParseIdentificacionPipe } from './parse-identificacion.pipe';
import { resolvePaging } from './paging';
import { ApiFindProveedor, ApiListProveedores, ApiProveedoresUnavailable } from './proveedores.openapi';
import { PROVEEDOR_REPLY, PROVEEDORES_REPLY } from './proveedores.reply';

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
  list(
    @CurrentTenant() tenantId: string,
    @Query(ValidDto) query: ListProveedoresRequestDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    const paging = resolvePaging(query.pagina, query.limite);
    return respond(this.queryBus, reply, PROVEEDORES_REPLY, new ListProveedoresQuery(tenantId, paging));
  }

  @Get(':identificacion')
  @ApiFindProveedor()
  find(
    @CurrentTenant() tenantId: string,
    @Param('identificacion', ParseIdentificacionPipe) identificacion: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    return respond(this.queryBus, reply, PROVEEDOR_REPLY, new FindProveedorQuery(tenantId, identificacion));
  }
}
