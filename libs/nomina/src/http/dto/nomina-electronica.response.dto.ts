import { ApiProperty } from '@nestjs/swagger';
import { envelopeChunkWriter, type ExpectTrue, legacySchema, type WireFieldsMatch, type WireViewMatch } from '@nomina-api/platform/http';
import type { DocumentoNominaElectronica } from '../../commands/generar-nomina-electronica/generar-nomina-electronica.command';
import { TIPOS_DOCUMENTO } from '../../domain/tipo-documento';
import { LegacyEnvelopeDto, MoneyTotal, UUID_WIRE } from './envelope.response.dto';

/** Wire format of an electronic payroll support document (CONTRACT §3.8), in the contract's field order. */
export const DOCUMENTO_NOMINA_ELECTRONICA_SCHEMA = legacySchema({
  numero: 'string',
  prefijo: 'string',
  consecutivo: 'int',
  ano: 'int',
  mes: 'int',
  uuidVinculado: 'uuid',
  uuidEmpleado: 'uuid',
  tipoDocumento: 'string',
  identificacion: 'string',
  nombreCompleto: 'string',
  totalDevengados: 'double',
  totalDeducciones: 'double',
  totalNeto: 'double',
});

/** A month is thousands of documents (≈ 1.5 MB on the large dataset): written in chunks, never as one string. */
export const writeNominaElectronica = envelopeChunkWriter<DocumentoNominaElectronica>(DOCUMENTO_NOMINA_ELECTRONICA_SCHEMA);

/** What a document's totals sum. */
const DEL_MES = 'del mes (las nóminas de la vinculación en los pagos del periodo)';

export class DocumentoNominaElectronicaDto {
  @ApiProperty({ example: 'NE591', description: 'prefijo + consecutivo, sin relleno de ceros.' })
  numero!: string;

  @ApiProperty({ example: 'NE', description: 'Prefijo de la secuencia del tenant (NE si el tenant no tenía secuencia).' })
  prefijo!: string;

  @ApiProperty({
    type: 'integer',
    format: 'int64',
    example: 591,
    description: 'Número consumido de la secuencia; los documentos de una llamada forman un bloque contiguo en el orden de la lista.',
  })
  consecutivo!: number;

  @ApiProperty({ type: 'integer', example: 2024 })
  ano!: number;

  @ApiProperty({ type: 'integer', example: 3 })
  mes!: number;

  @ApiProperty({
    ...UUID_WIRE,
    example: '2B7EA90D6C1E4F0A9B3D5E7F8A1C2B3D',
    description: 'Vinculación laboral (contrato): un documento por vinculación.',
  })
  uuidVinculado!: string;

  @ApiProperty({ ...UUID_WIRE, example: '21E10C42C883413CB0930C65F1B7ACD9', description: 'La persona.' })
  uuidEmpleado!: string;

  @ApiProperty({ enum: [...TIPOS_DOCUMENTO], example: 'CC' })
  tipoDocumento!: string;

  @ApiProperty({ example: '8927601899' })
  identificacion!: string;

  @ApiProperty({ example: 'Esteban Pérez Zapata', description: 'nombres + " " + apellidos.' })
  nombreCompleto!: string;

  @MoneyTotal('devengados', 2840000.0, DEL_MES)
  totalDevengados!: number;

  @MoneyTotal('deducciones', 227200.0, DEL_MES)
  totalDeducciones!: number;

  @MoneyTotal('neto', 2612800.0, DEL_MES)
  totalNeto!: number;
}

export class NominaElectronicaResponseDto extends LegacyEnvelopeDto(DocumentoNominaElectronicaDto, 36) {}

/** Compile-time link: the handler's rows and the OpenAPI DTO carry exactly the writer's fields (order: see response-dtos.spec.ts). */
export type DocumentoNominaElectronicaWireFields = [
  ExpectTrue<WireViewMatch<DocumentoNominaElectronica, typeof DOCUMENTO_NOMINA_ELECTRONICA_SCHEMA>>,
  ExpectTrue<WireFieldsMatch<DocumentoNominaElectronicaDto, typeof DOCUMENTO_NOMINA_ELECTRONICA_SCHEMA>>,
];
