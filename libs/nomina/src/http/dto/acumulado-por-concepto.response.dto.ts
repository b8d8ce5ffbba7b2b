import { ApiExtraModels, ApiProperty, getSchemaPath } from '@nestjs/swagger';
import { envelopeStreamWriter, type ExpectTrue, legacySchema, type WireFieldsMatch, type WireViewMatch } from '@nomina-api/platform/http';
import type { AcumuladoConceptoContactoRow, AcumuladoConceptoRow } from '../../queries/acumulado-por-concepto/acumulado-por-concepto.sql';
import { javaDouble, LegacyEnvelopeDto } from './envelope.response.dto';
import {
  CONCEPTO_DE_LINEA_WIRE,
  ConceptoDeLineaDto,
  ConceptoSuma,
  EMPLEADO_UUID,
  NOMBRE_COMPLETO,
  NUMERO_DOCUMENTO,
  VINCULADO_UUID,
} from './field-groups.response.dto';

/** Wire format of the per-concept explorer with porContacto=false (CONTRACT §11.2): one element per concept. */
export const ACUMULADO_CONCEPTO_SCHEMA = legacySchema({
  ...CONCEPTO_DE_LINEA_WIRE,
  cantidad: 'double',
  valor: 'double',
  numeroEmpleados: 'double',
});

/** Wire format with porContacto=true: one element per concept per bond, the person after `tipo`. */
export const ACUMULADO_CONCEPTO_CONTACTO_SCHEMA = legacySchema({
  ...CONCEPTO_DE_LINEA_WIRE,
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

export class AcumuladoConceptoDto extends ConceptoDeLineaDto {
  @ConceptoSuma('cantidad', 12630.0, 'las nóminas de los pagos considerados')
  cantidad!: number;

  @ConceptoSuma('valor', 1.8404777e9, 'las nóminas de los pagos considerados')
  valor!: number;

  @ApiProperty(javaDouble(38.0, 'Vinculaciones laborales (contratos) con el concepto en esos pagos.'))
  numeroEmpleados!: number;
}

/** The concept, then the bond and its person, then the sums on that bond. */
export class AcumuladoConceptoContactoDto extends ConceptoDeLineaDto {
  @ApiProperty(VINCULADO_UUID)
  uuidVinculado!: string;

  @ApiProperty(EMPLEADO_UUID)
  uuidEmpleado!: string;

  @ApiProperty(NUMERO_DOCUMENTO)
  id!: string;

  @ApiProperty(NOMBRE_COMPLETO)
  nombreCompleto!: string;

  @ConceptoSuma('cantidad', 360.0, 'las nóminas de la vinculación')
  cantidad!: number;

  @ConceptoSuma('valor', 2.20857324e8, 'las nóminas de la vinculación')
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
