import { Controller, Get, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { validationError } from '@app/platform/errors/domain-error';
import { ApiProblem } from '@app/platform/http/api-problem.decorator';
import { normalizeUuid, uuidProblemMessage } from '@app/platform/http/uuid';
import { CurrentTenant } from '@app/platform/tenancy/current-principal.decorator';
import { Secured } from '@app/platform/tenancy/secured.decorator';
import { ListPagoEmpleadosQuery } from '../queries/list-pago-empleados/list-pago-empleados.query';
import { ApiListQuery } from './api-list-query.decorator';
import { wireExample } from './dto/envelope.response.dto';
import { PAGO_EMPLEADOS_WIRE_EXAMPLE, PagoEmpleadosResponseDto, writePagoEmpleados } from './dto/pago-empleado.response.dto';
import { legacyJson } from './legacy-response';
import { type ListSpec, parseListParams } from './list-params';

export const PAGO_PARAM = 'params[pago]';

export const PAGO_EMPLEADOS_LIST: ListSpec = {
  sortable: ['nombreCompleto', 'identificacion', 'salarioBase', 'diasTrabajados', 'totalDevengados', 'totalDeducciones', 'totalNeto'],
  defaultSort: [{ field: 'nombreCompleto', direction: 'asc' }],
};

function parsePago(raw: unknown): string {
  const uuid = typeof raw === 'string' ? normalizeUuid(raw.trim()) : undefined;
  if (uuid) return uuid;
  const message = raw === undefined ? `Es obligatorio: el uuid del pago. ${uuidProblemMessage()}` : uuidProblemMessage();
  throw validationError([{ field: PAGO_PARAM, message }]);
}

@ApiTags('Nómina')
@Secured()
@Controller('pagoEmpleados')
export class PagoEmpleadosController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @ApiOperation({
    summary: 'Nóminas de un pago (una por empleado)',
    description:
      'Paso 2 de la consulta de un mes: las nóminas por empleado del pago `params[pago]`, con los totales guardados de cada una. ' +
      'Un pago inexistente (o de otro tenant) responde 200 con contenido vacío. Orden por defecto: nombreCompleto (sin tildes ni mayúsculas, luego exacto), uuid.' +
      wireExample(PAGO_EMPLEADOS_WIRE_EXAMPLE),
  })
  @ApiProduces('application/json; charset=utf-8')
  @ApiQuery({
    name: PAGO_PARAM,
    required: true,
    schema: { type: 'string', example: 'EDB3A93CC8BC4BE2A4C5B8ABB2A86588' },
    description: 'Uuid del pago (32 hexadecimales, con o sin guiones, cualquier caso). Los corchetes son literales: `?params[pago]=<uuid>`.',
  })
  @ApiListQuery(PAGO_EMPLEADOS_LIST, 'el nombre completo y el número de documento del empleado')
  @ApiOkResponse({ type: PagoEmpleadosResponseDto })
  @ApiProblem(400, 'params[pago] ausente o no es un uuid; offset/size/filter/sort inválidos.', {
    title: 'Solicitud inválida',
    code: 'VALIDATION',
    detail: 'Parámetro inválido: params[pago]. Debe ser un uuid: 32 caracteres hexadecimales, con o sin guiones, p. ej. 3A2B51CDBA4B4DC88437D3CFA4B48F6F.',
    errors: [{ field: 'params[pago]', message: 'Debe ser un uuid: 32 caracteres hexadecimales, con o sin guiones, p. ej. 3A2B51CDBA4B4DC88437D3CFA4B48F6F.' }],
  })
  async list(
    @CurrentTenant() tenantId: string,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const pagoId = parsePago(query[PAGO_PARAM]);
    const list = parseListParams(query, PAGO_EMPLEADOS_LIST);
    const { rows, total } = await this.queryBus.execute(new ListPagoEmpleadosQuery(tenantId, pagoId, list));
    return legacyJson(reply, writePagoEmpleados(rows, total));
  }
}
