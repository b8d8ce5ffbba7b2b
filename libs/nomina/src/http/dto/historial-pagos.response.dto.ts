import { ApiProperty, IntersectionType } from '@nestjs/swagger';
import { envelopeWriter, type ExpectTrue, legacySchema, type WireFieldsMatch, type WireViewMatch } from '@nomina-api/platform/http';
import type { HistorialPagoRow } from '../../queries/historial-pagos/historial-pagos.sql';
import { LegacyEnvelopeDto, UUID_WIRE } from './envelope.response.dto';
import { NOMINA_MONTOS_WIRE, NominaMontosDto, PAGO_PERIODO_WIRE, PagoPeriodoDto, VINCULADO_UUID } from './field-groups.response.dto';

/** Wire format of one payslip of a person's history (CONTRACT §11.2): field order is the contract's. */
export const HISTORIAL_PAGO_SCHEMA = legacySchema({
  uuid: 'uuid',
  uuidPago: 'uuid',
  ano: 'int',
  mes: 'int',
  descripcionPago: 'string',
  ...PAGO_PERIODO_WIRE,
  uuidVinculado: 'uuid',
  ...NOMINA_MONTOS_WIRE,
});

export const writeHistorialPagos = envelopeWriter<HistorialPagoRow>(HISTORIAL_PAGO_SCHEMA);

class HistorialPagoCabeceraDto {
  @ApiProperty({ ...UUID_WIRE, example: '6CCFF9D175774999991D521E570DF7FB', description: 'La nómina (elemento de GET /pagoEmpleados).' })
  uuid!: string;

  @ApiProperty({ ...UUID_WIRE, example: '4B36728BFD9440488AE76D400213BA3C', description: 'El pago (GET /pagos/{uuid}).' })
  uuidPago!: string;

  @ApiProperty({ type: 'integer', example: 2025, description: 'Año de la liquidación.' })
  ano!: number;

  @ApiProperty({ type: 'integer', example: 2, description: 'Mes de la liquidación (1-12).' })
  mes!: number;

  @ApiProperty({ example: 'Nómina mensual febrero 2025', description: 'Descripción del pago.' })
  descripcionPago!: string;
}

class HistorialPagoVinculadoDto {
  @ApiProperty(VINCULADO_UUID)
  uuidVinculado!: string;
}

/** The payslip and its payment's header, period and state as GET /pagos has them, its bond, then its amounts as GET /pagoEmpleados has them. */
export class HistorialPagoDto extends IntersectionType(
  HistorialPagoCabeceraDto,
  PagoPeriodoDto,
  HistorialPagoVinculadoDto,
  NominaMontosDto,
) {}

export class HistorialPagosResponseDto extends LegacyEnvelopeDto(HistorialPagoDto, 26) {}

/** Compile-time link: the handler's rows and the OpenAPI DTO carry exactly the writer's fields (order: see response-dtos.spec.ts). */
export type HistorialPagoWireFields = [
  ExpectTrue<WireViewMatch<HistorialPagoRow, typeof HISTORIAL_PAGO_SCHEMA>>,
  ExpectTrue<WireFieldsMatch<HistorialPagoDto, typeof HISTORIAL_PAGO_SCHEMA>>,
];
