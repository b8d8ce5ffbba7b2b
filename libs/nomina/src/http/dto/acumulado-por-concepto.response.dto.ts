import { ApiExtraModels, ApiProperty, getSchemaPath } from '@nestjs/swagger';
import { envelopeStreamWriter, type ExpectTrue, legacySchema, type WireFieldsMatch, type WireViewMatch } from '@nomina-api/platform/http';
import { TIPOS_CONCEPTO } from '../../domain/tipo-concepto';
import type { AcumuladoConceptoContactoRow, AcumuladoConceptoRow } from '../../queries/acumulado-por-concepto/acumulado-por-concepto.sql';
import { javaDouble, LegacyEnvelopeDto, UUID_WIRE } from './envelope.response.dto';

/** Wire format of the per-concept explorer with porContacto=false (CONTRACT §11.2): one element per concept. */
export const ACUMULADO_CONCEPTO_SCHEMA = legacySchema({
  codigoConcepto: 'string',
  nombreConcepto: 'string',
  tipo: 'string',
  cantidad: 'double',
  valor: 'double',
  numeroEmpleados: 'double',
});

/** Wire format with porContacto=true: one element per concept per bond, the person after `tipo`. */
export const ACUMULADO_CONCEPTO_CONTACTO_SCHEMA = legacySchema({
  codigoConcepto: 'string',
  nombreConcepto: 'string',
  tipo: 'string',
  uuidVinculado: 'uuid',
  uuidEmpleado: 'uuid',
  id: 'string',
  nombreCompleto: 'string',
  cantidad: 'double',
  valor: 'double',
  numeroEmpleados: 'double',
});

/** The envelopes written while the cursor's rows arrive; `total` (the last member) is the number of elements. */
export const streamAcumuladoConceptos = envelopeStreamWriter<AcumuladoConceptoRow>(ACUMULADO_CONCEPTO_SCHEMA);
export const streamAcumuladoConceptosContacto = envelopeStreamWriter<AcumuladoConceptoContactoRow>(ACUMULADO_CONCEPTO_CONTACTO_SCHEMA);

export class AcumuladoConceptoDto {
  @ApiProperty({ example: '001', description: 'Código del concepto.' })
  codigoConcepto!: string;

  @ApiProperty({ example: 'Sueldo básico' })
  nombreConcepto!: string;

  @ApiProperty({ enum: [...TIPOS_CONCEPTO], example: 'DEVENGADO' })
  tipo!: string;

  @ApiProperty(javaDouble(12630.0, 'Suma de las cantidades del concepto en las nóminas de los pagos considerados.'))
  cantidad!: number;

  @ApiProperty(javaDouble(1.8404777e9, 'Suma de los valores del concepto en las nóminas de los pagos considerados.'))
  valor!: number;

  @ApiProperty(javaDouble(38.0, 'Vinculaciones laborales (contratos) con el concepto en esos pagos.'))
  numeroEmpleados!: number;
}

export class AcumuladoConceptoContactoDto {
  @ApiProperty({ example: '001', description: 'Código del concepto.' })
  codigoConcepto!: string;

  @ApiProperty({ example: 'Sueldo básico' })
  nombreConcepto!: string;

  @ApiProperty({ enum: [...TIPOS_CONCEPTO], example: 'DEVENGADO' })
  tipo!: string;

  @ApiProperty({ ...UUID_WIRE, example: '2B7EA90DC87745C29FD1938A366C8206', description: 'La vinculación laboral (contrato).' })
  uuidVinculado!: string;

  @ApiProperty({ ...UUID_WIRE, example: '21E10C42C883413CB0930C65F1B7ACD9', description: 'La persona.' })
  uuidEmpleado!: string;

  @ApiProperty({ example: '8927601899', description: 'Número de documento de la persona.' })
  id!: string;

  @ApiProperty({ example: 'Esteban Pérez Zapata' })
  nombreCompleto!: string;

  @ApiProperty(javaDouble(360.0, 'Suma de las cantidades del concepto en las nóminas de la vinculación.'))
  cantidad!: number;

  @ApiProperty(javaDouble(2.20857324e8, 'Suma de los valores del concepto en las nóminas de la vinculación.'))
  valor!: number;

  @ApiProperty(javaDouble(1.0, 'Siempre 1.0: el elemento es de una sola vinculación.'))
  numeroEmpleados!: number;
}

/** The envelope of both forms: its `contenido` holds the elements of the form the path asks for. */
@ApiExtraModels(AcumuladoConceptoDto, AcumuladoConceptoContactoDto)
export class AcumuladoPorConceptoResponseDto extends LegacyEnvelopeDto(AcumuladoConceptoDto, 18, {
  contenido: {
    type: 'array',
    items: { oneOf: [{ $ref: getSchemaPath(AcumuladoConceptoDto) }, { $ref: getSchemaPath(AcumuladoConceptoContactoDto) }] },
    description:
      'porContacto=false: un AcumuladoConceptoDto por concepto. porContacto=true: un AcumuladoConceptoContactoDto por concepto y vinculación. Arreglo vacío cuando nada coincide.',
  },
  total: 'Cantidad de elementos de `contenido` (el resultado no se pagina).',
}) {}

/** Compile-time link: the handler's rows and the OpenAPI DTO carry exactly the writer's fields (order: see response-dtos.spec.ts). */
export type AcumuladoConceptoWireFields = [
  ExpectTrue<WireViewMatch<AcumuladoConceptoRow, typeof ACUMULADO_CONCEPTO_SCHEMA>>,
  ExpectTrue<WireFieldsMatch<AcumuladoConceptoDto, typeof ACUMULADO_CONCEPTO_SCHEMA>>,
];

/** Compile-time link for the porContacto=true element. */
export type AcumuladoConceptoContactoWireFields = [
  ExpectTrue<WireViewMatch<AcumuladoConceptoContactoRow, typeof ACUMULADO_CONCEPTO_CONTACTO_SCHEMA>>,
  ExpectTrue<WireFieldsMatch<AcumuladoConceptoContactoDto, typeof ACUMULADO_CONCEPTO_CONTACTO_SCHEMA>>,
];
