import { ApiProperty, IntersectionType } from '@nestjs/swagger';
import { envelopeWriter, type ExpectTrue, legacySchema, type WireFieldsMatch, type WireViewMatch } from '@nomina-api/platform/http';
import type { PagoView } from '../../queries/list-pagos/pago.view';
import { javaDouble, LegacyEnvelopeDto, MoneyTotal, UUID_WIRE } from './envelope.response.dto';
import { PAGO_PERIODO_WIRE, PagoPeriodoDto } from './field-groups.response.dto';

/** Wire format of a payment header (CONTRACT §3.3): field order is the contract's. */
export const PAGO_SCHEMA = legacySchema({
  uuid: 'uuid',
  ano: 'int',
  mes: 'int',
  descripcion: 'string',
  ...PAGO_PERIODO_WIRE,
  incluirPrima: 'bool',
  incluirInteresesCesantias: 'bool',
  generoPlano: 'double',
  egresoConErrores: 'double',
  pendienteGenerarEgreso: 'double',
  pendienteGenerarIngreso: 'double?',
  ingresoConErrores: 'double?',
  totalDevengados: 'double',
  totalDeducciones: 'double',
  totalNeto: 'double',
  numeroEmpleados: 'double',
  grupoPago: { nullable: { uuid: 'uuid', codigo: 'string', nombre: 'string' } },
});

export const writePagos = envelopeWriter<PagoView>(PAGO_SCHEMA);

export class GrupoPagoDto {
  @ApiProperty({ ...UUID_WIRE, example: '910205DBD16A48EA929D79B4A4FAC3F6' })
  uuid!: string;

  @ApiProperty({ example: 'ADM' })
  codigo!: string;

  @ApiProperty({ example: 'Administrativos' })
  nombre!: string;
}

class PagoCabeceraDto {
  @ApiProperty({
    ...UUID_WIRE,
    example: 'EDB3A93CC8BC4BE2A4C5B8ABB2A86588',
    description: 'Uuid del pago: 32 hexadecimales en mayúscula, sin guiones.',
  })
  uuid!: string;

  @ApiProperty({ type: 'integer', example: 2023, description: 'Año de la liquidación.' })
  ano!: number;

  @ApiProperty({ type: 'integer', example: 2, description: 'Mes de la liquidación (1-12).' })
  mes!: number;

  @ApiProperty({ example: 'Nómina mensual febrero 2023' })
  descripcion!: string;
}

/** The header, the period and state (shared with a person's history), then the payment's flags, totals and group. */
export class PagoDto extends IntersectionType(PagoCabeceraDto, PagoPeriodoDto) {
  @ApiProperty({ example: false })
  incluirPrima!: boolean;

  @ApiProperty({ example: false })
  incluirInteresesCesantias!: boolean;

  @ApiProperty(javaDouble(1.0, 'Bandera 0.0/1.0: se generó el archivo plano.'))
  generoPlano!: number;

  @ApiProperty(javaDouble(0.0, 'Bandera 0.0/1.0.'))
  egresoConErrores!: number;

  @ApiProperty(javaDouble(0.0, 'Bandera 0.0/1.0.'))
  pendienteGenerarEgreso!: number;

  @ApiProperty(javaDouble(0.0, 'Bandera 0.0/1.0; puede ser null.', true))
  pendienteGenerarIngreso!: number | null;

  @ApiProperty(javaDouble(0.0, 'Bandera 0.0/1.0; puede ser null.', true))
  ingresoConErrores!: number | null;

  @MoneyTotal('devengados', 1.8404777e7, 'de las nóminas del pago')
  totalDevengados!: number;

  @MoneyTotal('deducciones', 2512000.5, 'de las nóminas del pago', 'Puede ser negativa en pagos de prima.')
  totalDeducciones!: number;

  @MoneyTotal('neto', 1.58927765e7, 'de las nóminas del pago')
  totalNeto!: number;

  @ApiProperty(javaDouble(36.0, 'Cantidad de nóminas (empleados) del pago, como número decimal.'))
  numeroEmpleados!: number;

  @ApiProperty({ type: () => GrupoPagoDto, nullable: true, description: 'null cuando el pago no pertenece a un grupo.' })
  grupoPago!: GrupoPagoDto | null;
}

export class PagosResponseDto extends LegacyEnvelopeDto(PagoDto, 23) {}

/** A real response (example dataset, GET /pagos?params[estados]=PG,PP&filter=febrero), byte for byte. */
export const PAGOS_WIRE_EXAMPLE =
  '{"contenido":[{"uuid":"EDB3A93CC8BC4BE2A4C5B8ABB2A86588","ano":2023,"mes":2,"descripcion":"Nómina mensual febrero 2023",' +
  '"fechaDesde":"2023-02-01T05:00:00.000+0000","fechaHasta":"2023-02-28T05:00:00.000+0000","fechaPago":"2023-02-28T05:00:00.000+0000",' +
  '"estado":"PG","tipoPago":"PE","definitivo":true,"incluirPrima":false,"incluirInteresesCesantias":false,"generoPlano":1.0,' +
  '"egresoConErrores":0.0,"pendienteGenerarEgreso":0.0,"pendienteGenerarIngreso":null,"ingresoConErrores":null,' +
  '"totalDevengados":1.5663888976E8,"totalDeducciones":1.855542452E7,"totalNeto":1.3808346524E8,"numeroEmpleados":36.0,' +
  '"grupoPago":{"uuid":"910205DBD16A48EA929D79B4A4FAC3F6","codigo":"ADM","nombre":"Administrativos"}}],' +
  '"error":null,"advertencia":null,"metadata":null,"total":1}';

/** Compile-time link: the handler's rows and the OpenAPI DTO carry exactly the writer's fields (order: see response-dtos.spec.ts). */
export type PagoWireFields = [
  ExpectTrue<WireViewMatch<PagoView, typeof PAGO_SCHEMA>>,
  ExpectTrue<WireFieldsMatch<PagoDto, typeof PAGO_SCHEMA>>,
];
