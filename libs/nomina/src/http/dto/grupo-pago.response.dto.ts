import { ApiProperty } from '@nestjs/swagger';
import { envelopeWriter, type ExpectTrue, legacySchema, type WireFieldsMatch, type WireViewMatch } from '@nomina-api/platform/http';
import type { GrupoPagoResumenRow, GrupoPagoRow } from '../../queries/list-grupos-pago/grupos-pago.sql';
import { javaDouble, LegacyEnvelopeDto } from './envelope.response.dto';
import { GrupoPagoDto } from './pago.response.dto';

/** Wire format of a payment group (CONTRACT §11.3); `numeroPagos` is a counter, written as a Java double. */
export const GRUPO_PAGO_SCHEMA = legacySchema({ uuid: 'uuid', codigo: 'string', nombre: 'string', numeroPagos: 'double' });
/** GET /gruposPagos/listagrupos: the group without its count. */
export const GRUPO_PAGO_RESUMEN_SCHEMA = legacySchema({ uuid: 'uuid', codigo: 'string', nombre: 'string' });

export const writeGruposPago = envelopeWriter<GrupoPagoRow>(GRUPO_PAGO_SCHEMA);
export const writeGruposPagoResumen = envelopeWriter<GrupoPagoResumenRow>(GRUPO_PAGO_RESUMEN_SCHEMA);

/** The group of a payment header (GrupoPagoDto) with its payment count. */
export class GrupoPagoDetalleDto extends GrupoPagoDto {
  @ApiProperty(javaDouble(5.0, 'Pagos del grupo (sin los de tipo IN), como número decimal.'))
  numeroPagos!: number;
}

export class GruposPagoResponseDto extends LegacyEnvelopeDto(GrupoPagoDetalleDto, 2) {}
export class GrupoPagoResponseDto extends LegacyEnvelopeDto(GrupoPagoDetalleDto, 1) {}
export class GruposPagoResumenResponseDto extends LegacyEnvelopeDto(GrupoPagoDto, 2) {}

/** Compile-time link: the handlers' rows and the OpenAPI DTOs carry exactly the writers' fields (order: see response-dtos.spec.ts). */
export type GrupoPagoWireFields = [
  ExpectTrue<WireViewMatch<GrupoPagoRow, typeof GRUPO_PAGO_SCHEMA>>,
  ExpectTrue<WireFieldsMatch<GrupoPagoDetalleDto, typeof GRUPO_PAGO_SCHEMA>>,
  ExpectTrue<WireViewMatch<GrupoPagoResumenRow, typeof GRUPO_PAGO_RESUMEN_SCHEMA>>,
  ExpectTrue<WireFieldsMatch<GrupoPagoDto, typeof GRUPO_PAGO_RESUMEN_SCHEMA>>,
];
