import { ApiProperty } from '@nestjs/swagger';
import {
  envelopeWriter,
  type ExpectTrue,
  legacySchema,
  type WireFieldsMatch,
  type WireViewMatch,
} from '@nomina-api/platform/http/legacy-json';
import type { GrupoPagoResumenRow, GrupoPagoRow } from '../../queries/list-grupos-pago/grupos-pago.sql';
import { javaDouble, LegacyEnvelopeDto, UUID_WIRE } from './envelope.response.dto';

/** Wire format of a payment group (CONTRACT §11.3); `numeroPagos` is a counter, written as a Java double. */
export const GRUPO_PAGO_SCHEMA = legacySchema({ uuid: 'uuid', codigo: 'string', nombre: 'string', numeroPagos: 'double' });
/** GET /gruposPagos/listagrupos: the group without its count. */
export const GRUPO_PAGO_RESUMEN_SCHEMA = legacySchema({ uuid: 'uuid', codigo: 'string', nombre: 'string' });

export const writeGruposPago = envelopeWriter<GrupoPagoRow>(GRUPO_PAGO_SCHEMA);
export const writeGruposPagoResumen = envelopeWriter<GrupoPagoResumenRow>(GRUPO_PAGO_RESUMEN_SCHEMA);

export class GrupoPagoResumenDto {
  @ApiProperty({ ...UUID_WIRE, example: '910205DBD16A48EA929D79B4A4FAC3F6' })
  uuid!: string;

  @ApiProperty({ example: 'ADM' })
  codigo!: string;

  @ApiProperty({ example: 'Administrativos' })
  nombre!: string;
}

export class GrupoPagoDetalleDto extends GrupoPagoResumenDto {
  @ApiProperty(javaDouble(5.0, 'Pagos del grupo (sin los de tipo IN), como número decimal.'))
  numeroPagos!: number;
}

export class GruposPagoResponseDto extends LegacyEnvelopeDto(GrupoPagoDetalleDto, 2) {}
export class GrupoPagoResponseDto extends LegacyEnvelopeDto(GrupoPagoDetalleDto, 1) {}
export class GruposPagoResumenResponseDto extends LegacyEnvelopeDto(GrupoPagoResumenDto, 2) {}

/** Compile-time link: the handlers' rows and the OpenAPI DTOs carry exactly the writers' fields (order: see response-dtos.spec.ts). */
export type GrupoPagoWireFields = [
  ExpectTrue<WireViewMatch<GrupoPagoRow, typeof GRUPO_PAGO_SCHEMA>>,
  ExpectTrue<WireFieldsMatch<GrupoPagoDetalleDto, typeof GRUPO_PAGO_SCHEMA>>,
  ExpectTrue<WireViewMatch<GrupoPagoResumenRow, typeof GRUPO_PAGO_RESUMEN_SCHEMA>>,
  ExpectTrue<WireFieldsMatch<GrupoPagoResumenDto, typeof GRUPO_PAGO_RESUMEN_SCHEMA>>,
];
