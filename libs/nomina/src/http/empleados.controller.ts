import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { type FieldProblem, validationError } from '@app/platform/errors/domain-error';
import { ApiProblem } from '@app/platform/http/api-problem.decorator';
import { CurrentTenant } from '@app/platform/tenancy/current-principal.decorator';
import { Secured } from '@app/platform/tenancy/secured.decorator';
import { NominaErrorCode } from '../nomina.errors';
import { GetEmpleadoQuery, TIPOS_DOCUMENTO, type TipoDocumento } from '../queries/get-empleado/get-empleado.query';
import { ListEmpleadosQuery } from '../queries/list-empleados/list-empleados.query';
import { ApiListQuery } from './api-list-query.decorator';
import { EMPLEADO_WIRE_EXAMPLE, EmpleadoResponseDto, EmpleadosResponseDto, writeEmpleados } from './dto/empleado.response.dto';
import { wireExample } from './dto/envelope.response.dto';
import { legacyJson } from './legacy-response';
import { type ListSpec, parseListParams } from './list-params';

export const EMPLEADOS_LIST: ListSpec = {
  sortable: ['nombreCompleto', 'identificacion', 'fechaIngreso', 'salarioBase'],
  defaultSort: [{ field: 'nombreCompleto', direction: 'asc' }],
};

const MAX_IDENTIFICACION = 20;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

function parseDocumento(tipo: string, identificacion: string): { tipo: TipoDocumento; identificacion: string } {
  const errors: FieldProblem[] = [];
  const upper = tipo.trim().toUpperCase();
  if (!(TIPOS_DOCUMENTO as readonly string[]).includes(upper)) {
    errors.push({ field: 'tipoDocumento', message: `Tipo de documento desconocido. Valores permitidos: ${TIPOS_DOCUMENTO.join(', ')}.` });
  }
  const number = identificacion.trim();
  if (number === '' || number.length > MAX_IDENTIFICACION || CONTROL.test(number)) {
    errors.push({ field: 'identificacion', message: `Debe ser el número de documento: de 1 a ${MAX_IDENTIFICACION} caracteres, sin caracteres de control.` });
  }
  if (errors.length > 0) throw validationError(errors);
  return { tipo: upper as TipoDocumento, identificacion: number };
}

@ApiTags('Nómina')
@Secured()
@Controller('empleados')
export class EmpleadosController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @ApiOperation({
    summary: 'Empleados con contrato vigente',
    description:
      'Un elemento por vinculación vigente hoy en Colombia (America/Bogota): fechaIngreso <= hoy y (fechaRetiro null o >= hoy). ' +
      'Una persona con dos vinculaciones vigentes aparece dos veces, una por vinculación. Orden por defecto: nombreCompleto (sin tildes ni mayúsculas, luego exacto), vinculadoUuid.',
  })
  @ApiProduces('application/json; charset=utf-8')
  @ApiListQuery(EMPLEADOS_LIST, 'el nombre completo y el número de documento')
  @ApiOkResponse({ type: EmpleadosResponseDto })
  @ApiProblem(400, 'offset/size/filter/sort inválidos.', {
    title: 'Solicitud inválida',
    code: 'VALIDATION',
    detail: 'Parámetro inválido: sort. Campo de orden desconocido: "ano". Campos permitidos: nombreCompleto, identificacion, fechaIngreso, salarioBase.',
    errors: [{ field: 'sort', message: 'Campo de orden desconocido: "ano". Campos permitidos: nombreCompleto, identificacion, fechaIngreso, salarioBase.' }],
  })
  async list(
    @CurrentTenant() tenantId: string,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const list = parseListParams(query, EMPLEADOS_LIST);
    const { rows, total } = await this.queryBus.execute(new ListEmpleadosQuery(tenantId, list));
    return legacyJson(reply, writeEmpleados(rows, total));
  }

  @Get(':tipoDocumento/:identificacion')
  @ApiOperation({
    summary: 'Un empleado por documento',
    description:
      'La persona, vigente o no, con los campos de su vinculación más reciente (mayor fechaIngreso; a igual fecha, el mayor uuid de vinculación); ' +
      'los campos de la vinculación son null si no tiene ninguna. `contenido` tiene un elemento. El número se compara sin distinguir mayúsculas (prefiere la coincidencia exacta).' +
      wireExample(EMPLEADO_WIRE_EXAMPLE),
  })
  @ApiProduces('application/json; charset=utf-8')
  @ApiParam({ name: 'tipoDocumento', enum: TIPOS_DOCUMENTO, description: 'Tipo de documento (sin distinguir mayúsculas).', example: 'CC' })
  @ApiParam({ name: 'identificacion', description: 'Número de documento (máx. 20 caracteres).', example: '8927601899' })
  @ApiOkResponse({ type: EmpleadoResponseDto })
  @ApiProblem(400, 'Tipo de documento desconocido o número de documento inválido.', {
    title: 'Solicitud inválida',
    code: 'VALIDATION',
    detail: 'Parámetro inválido: tipoDocumento. Tipo de documento desconocido. Valores permitidos: CC, CE, TI, PA, PEP, PPT, NIT, RC.',
    errors: [{ field: 'tipoDocumento', message: 'Tipo de documento desconocido. Valores permitidos: CC, CE, TI, PA, PEP, PPT, NIT, RC.' }],
  })
  @ApiProblem(404, 'No hay un empleado con ese documento en el tenant del usuario.', {
    title: 'No encontrado',
    code: NominaErrorCode.EMPLEADO_NO_ENCONTRADO,
    detail: 'No existe un empleado con documento CC 123. Revise el tipo y el número de documento.',
  })
  async get(
    @CurrentTenant() tenantId: string,
    @Param('tipoDocumento') tipoDocumento: string,
    @Param('identificacion') identificacion: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const doc = parseDocumento(tipoDocumento, identificacion);
    const row = await this.queryBus.execute(new GetEmpleadoQuery(tenantId, doc.tipo, doc.identificacion));
    return legacyJson(reply, writeEmpleados([row], 1));
  }
}
