import { ApiProperty, IntersectionType } from '@nestjs/swagger';
import { envelopeWriter, type ExpectTrue, legacySchema, type WireFieldsMatch, type WireViewMatch } from '@nomina-api/platform/http';
import type { PagoEmpleadoRow } from '../../queries/list-pago-empleados/list-pago-empleados.sql';
import { LegacyEnvelopeDto, UUID_WIRE } from './envelope.response.dto';
import {
  EMPLEADO_UUID,
  NOMBRE_COMPLETO,
  NOMINA_MONTOS_WIRE,
  NominaMontosDto,
  NUMERO_DOCUMENTO,
  TIPO_DOCUMENTO,
  VINCULADO_UUID,
} from './field-groups.response.dto';

/** Wire format of a payslip (CONTRACT §3.4), in the contract's field order. */
export const PAGO_EMPLEADO_SCHEMA = legacySchema({
  uuid: 'uuid',
  uuidPago: 'uuid',
  uuidVinculado: 'uuid',
  uuidEmpleado: 'uuid',
  tipoDocumento: 'string',
  identificacion: 'string',
  nombreCompleto: 'string',
  ...NOMINA_MONTOS_WIRE,
});

export const writePagoEmpleados = envelopeWriter<PagoEmpleadoRow>(PAGO_EMPLEADO_SCHEMA);

class PagoEmpleadoPersonaDto {
  @ApiProperty({
    ...UUID_WIRE,
    example: '5F0D3C1E9A7B4C2D8E6F1A2B3C4D5E6F',
    description: 'Uuid de la nómina del empleado (para /pagoEmpleadoDetalles/{uuid}).',
  })
  uuid!: string;

  @ApiProperty({ ...UUID_WIRE, example: 'EDB3A93CC8BC4BE2A4C5B8ABB2A86588' })
  uuidPago!: string;

  @ApiProperty(VINCULADO_UUID)
  uuidVinculado!: string;

  @ApiProperty(EMPLEADO_UUID)
  uuidEmpleado!: string;

  @ApiProperty(TIPO_DOCUMENTO)
  tipoDocumento!: string;

  @ApiProperty(NUMERO_DOCUMENTO)
  identificacion!: string;

  @ApiProperty(NOMBRE_COMPLETO)
  nombreCompleto!: string;
}

/** The payslip, its payment, bond and person, then its amounts (the same as in a person's history). */
export class PagoEmpleadoDto extends IntersectionType(PagoEmpleadoPersonaDto, NominaMontosDto) {}

export class PagoEmpleadosResponseDto extends LegacyEnvelopeDto(PagoEmpleadoDto, 36) {}

/** A real response (example dataset, ?params[pago]=EDB3A93CC8BC4BE2A4C5B8ABB2A86588&filter=perez&size=1), byte for byte. */
export const PAGO_EMPLEADOS_WIRE_EXAMPLE =
  '{"contenido":[{"uuid":"AA127C7D70004A55822DE206B914F0E4","uuidPago":"EDB3A93CC8BC4BE2A4C5B8ABB2A86588","uuidVinculado":"2B7EA90DC87745C29FD1' +
  '938A366C8206","uuidEmpleado":"21E10C42C883413CB0930C65F1B7ACD9","tipoDocumento":"CC","identificacion":"8927601899","nombreCompleto":"Esteban' +
  ' Pérez Zapata","salarioBase":1.8404777E7,"diasTrabajados":30.0,"totalDevengados":1.8404777E7,"totalDeducciones":2263787.78,"totalNeto":1.614' +
  '098922E7}],"error":null,"advertencia":null,"metadata":null,"total":4}';

/** Compile-time link: the handler's rows and the OpenAPI DTO carry exactly the writer's fields (order: see response-dtos.spec.ts). */
export type PagoEmpleadoWireFields = [
  ExpectTrue<WireViewMatch<Omit<PagoEmpleadoRow, 'total'>, typeof PAGO_EMPLEADO_SCHEMA>>,
  ExpectTrue<WireFieldsMatch<PagoEmpleadoDto, typeof PAGO_EMPLEADO_SCHEMA>>,
];
