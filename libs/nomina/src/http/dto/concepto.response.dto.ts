import { ApiProperty } from '@nestjs/swagger';
import { envelopeWriter, type ExpectTrue, legacySchema, type WireFieldsMatch, type WireViewMatch } from '@nomina-api/platform/http';
import type { ConceptoRow } from '../../queries/list-conceptos/list-conceptos.sql';
import { LegacyEnvelopeDto } from './envelope.response.dto';
import { CONCEPTO_CODIGO, CONCEPTO_NOMBRE, CONCEPTO_TIPO } from './field-groups.response.dto';

/** Wire format of a payroll concept of the catalog (CONTRACT §11.3). */
export const CONCEPTO_SCHEMA = legacySchema({ codigo: 'string', nombre: 'string', tipo: 'string', baseAportes: 'bool' });

export const writeConceptos = envelopeWriter<ConceptoRow>(CONCEPTO_SCHEMA);

export class ConceptoDto {
  @ApiProperty(CONCEPTO_CODIGO)
  codigo!: string;

  @ApiProperty(CONCEPTO_NOMBRE)
  nombre!: string;

  @ApiProperty(CONCEPTO_TIPO)
  tipo!: string;

  @ApiProperty({ example: true, description: 'true si el concepto hace parte de la base de aportes a seguridad social.' })
  baseAportes!: boolean;
}

export class ConceptosResponseDto extends LegacyEnvelopeDto(ConceptoDto, 20) {}

/** Compile-time link: the handler's rows and the OpenAPI DTO carry exactly the writer's fields (order: see response-dtos.spec.ts). */
export type ConceptoWireFields = [
  ExpectTrue<WireViewMatch<ConceptoRow, typeof CONCEPTO_SCHEMA>>,
  ExpectTrue<WireFieldsMatch<ConceptoDto, typeof CONCEPTO_SCHEMA>>,
];
