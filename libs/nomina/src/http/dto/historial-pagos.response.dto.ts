import { ApiProperty } from '@nestjs/swagger';
import { envelopeWriter, type ExpectTrue, legacySchema, type WireFieldsMatch, type WireViewMatch } from '@nomina-api/platform/http';
import { ESTADOS_PAGO } from '../../domain/estado-pago';
import type { HistorialPagoRow } from '../../queries/historial-pagos/historial-pagos.sql';
import { javaDouble, LegacyEnvelopeDto, legacyDate, UUID_WIRE } from './envelope.response.dto';

/** Wire format of one payslip of a person's history (CONTRACT §11.2): field order is the contract's. */
export const HISTORIAL_PAGO_SCHEMA = legacySchema({
  uuid: 'uuid',
  uuidPago: 'uuid',
  ano: 'int',
  mes: 'int',
  descripcionPago: 'string',
  fechaDesde: 'date',
  fechaHasta: 'date',
  fechaPago: 'date',
  estado: 'string',
  tipoPago: 'string',
  definitivo: 'bool',
  uuidVinculado: 'uuid',
  salarioBase: 'double',
  diasTrabajados: 'double',
  totalDevengados: 'double',
  totalDeducciones: 'double',
  totalNeto: 'double',
});

export const writeHistorialPagos = envelopeWriter<HistorialPagoRow>(HISTORIAL_PAGO_SCHEMA);

export class HistorialPagoDto {
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

  @ApiProperty(legacyDate('Inicio del periodo del pago.'))
  fechaDesde!: string;

  @ApiProperty(legacyDate('Fin del periodo del pago.'))
  fechaHasta!: string;

  @ApiProperty(legacyDate('Fecha de pago.'))
  fechaPago!: string;

  @ApiProperty({ enum: [...ESTADOS_PAGO], example: 'PG', description: 'Estado del pago.' })
  estado!: string;

  @ApiProperty({
    enum: ['PE', 'PR', 'CE', 'IC', 'LD', 'AN', 'DV', 'NE', 'VI'],
    example: 'PE',
    description: 'Tipo del pago; IN (datos iniciales) nunca aparece.',
  })
  tipoPago!: string;

  @ApiProperty({ example: true })
  definitivo!: boolean;

  @ApiProperty({ ...UUID_WIRE, example: '2B7EA90DC87745C29FD1938A366C8206', description: 'La vinculación laboral de la nómina.' })
  uuidVinculado!: string;

  @ApiProperty(javaDouble(1300000.0, 'Salario base de la nómina.'))
  salarioBase!: number;

  @ApiProperty(javaDouble(30.0, 'Días trabajados.'))
  diasTrabajados!: number;

  @ApiProperty(javaDouble(1.8404777e7, 'Suma de las líneas DEVENGADO de la nómina.'))
  totalDevengados!: number;

  @ApiProperty(javaDouble(2263787.78, 'Suma de las líneas DEDUCCION de la nómina.'))
  totalDeducciones!: number;

  @ApiProperty(javaDouble(1.614098922e7, 'Devengados menos deducciones.'))
  totalNeto!: number;
}

export class HistorialPagosResponseDto extends LegacyEnvelopeDto(HistorialPagoDto, 26) {}

/** Compile-time link: the handler's rows and the OpenAPI DTO carry exactly the writer's fields (order: see response-dtos.spec.ts). */
export type HistorialPagoWireFields = [
  ExpectTrue<WireViewMatch<HistorialPagoRow, typeof HISTORIAL_PAGO_SCHEMA>>,
  ExpectTrue<WireFieldsMatch<HistorialPagoDto, typeof HISTORIAL_PAGO_SCHEMA>>,
];
