import { ApiProperty } from '@nestjs/swagger';
import { envelopeWriter, type ExpectTrue, legacySchema, type WireFieldsMatch, type WireViewMatch } from '@nomina-api/platform/http';
import type { ConceptoAcumuladoRow } from '../../queries/conceptos-acumulados/conceptos-acumulados.sql';
import { javaDouble, LegacyEnvelopeDto, MoneyTotal, UUID_WIRE } from './envelope.response.dto';
import { NOMBRE_COMPLETO } from './field-groups.response.dto';

/** Wire format of an accumulated-concepts record (SPEC 2.3, CONTRACT §3.7), in the contract's field order. */
export const CONCEPTO_ACUMULADO_SCHEMA = legacySchema({
  uuidVinculado: 'uuid',
  uuidEmpleado: 'uuid',
  id: 'string',
  nombreCompleto: 'string',
  tipoCotizante: 'string',
  salarioBase: 'double',
  salarioIntegral: 'bool',
  totalDevengados: 'double',
  totalDeducciones: 'double',
  totalNeto: 'double',
});

export const writeConceptosAcumulados = envelopeWriter<ConceptoAcumuladoRow>(CONCEPTO_ACUMULADO_SCHEMA);

const APORTES = 'Fuente de aportes: solo los conceptos base de aportes.';

export class ConceptoAcumuladoDto {
  @ApiProperty({
    ...UUID_WIRE,
    example: '2B7EA90D6C1E4F0A9B3D5E7F8A1C2B3D',
    description: 'Vinculación laboral (contrato): un elemento por vinculación con nóminas en el rango.',
  })
  uuidVinculado!: string;

  @ApiProperty({ ...UUID_WIRE, example: '21E10C42C883413CB0930C65F1B7ACD9', description: 'La persona (empleadoUuid de GET /empleados).' })
  uuidEmpleado!: string;

  @ApiProperty({
    example: '8927601899',
    description: 'Número de documento del empleado (el nombre viene del modelo de datos; no es un identificador interno).',
  })
  id!: string;

  @ApiProperty(NOMBRE_COMPLETO)
  nombreCompleto!: string;

  @ApiProperty({ example: 'Dependiente', description: 'Descripción del tipo de cotizante (no el código).' })
  tipoCotizante!: string;

  @ApiProperty(
    javaDouble(
      1423500.0,
      'Salario base de la nómina del último pago considerado en que la vinculación tiene nómina (por fechaDesde del pago, luego fechaPago, luego uuid del pago), con cualquiera de las dos fuentes.',
    ),
  )
  salarioBase!: number;

  @ApiProperty({ type: 'boolean', example: false, description: 'true cuando la vinculación tiene salario integral.' })
  salarioIntegral!: boolean;

  @MoneyTotal('devengados', 1.8404777e7, 'en el rango', APORTES)
  totalDevengados!: number;

  @MoneyTotal('deducciones', 1472382.16, 'en el rango', APORTES)
  totalDeducciones!: number;

  @MoneyTotal('neto', 1.693239484e7, 'en el rango', APORTES)
  totalNeto!: number;
}

export class ConceptosAcumuladosResponseDto extends LegacyEnvelopeDto(ConceptoAcumuladoDto, 38) {}

/** Compile-time link: the handler's rows and the OpenAPI DTO carry exactly the writer's fields (order: see response-dtos.spec.ts). */
export type ConceptoAcumuladoWireFields = [
  ExpectTrue<WireViewMatch<ConceptoAcumuladoRow, typeof CONCEPTO_ACUMULADO_SCHEMA>>,
  ExpectTrue<WireFieldsMatch<ConceptoAcumuladoDto, typeof CONCEPTO_ACUMULADO_SCHEMA>>,
];
