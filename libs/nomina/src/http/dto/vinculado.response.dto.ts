import { ApiProperty } from '@nestjs/swagger';
import {
  envelopeStreamWriter,
  envelopeWriter,
  type ExpectTrue,
  legacySchema,
  type WireFieldsMatch,
  type WireViewMatch,
} from '@nomina-api/platform/http';
import type { VinculadoView } from '../../queries/list-vinculados/vinculado.view';
import type { TipoCotizanteRow } from '../../queries/list-tipos-cotizante/list-tipos-cotizante.sql';
import { javaDouble, LegacyEnvelopeDto, legacyDate } from './envelope.response.dto';
import { EMPLEADO_UUID, NOMBRE_COMPLETO, TIPO_DOCUMENTO, VINCULADO_UUID } from './field-groups.response.dto';

/** Wire format of a labor bond (CONTRACT §11.1), in the contract's field order. */
export const VINCULADO_SCHEMA = legacySchema({
  uuid: 'uuid',
  empleadoUuid: 'uuid',
  tipoDocumento: 'string',
  idEmpleado: 'string',
  nombres: 'string',
  apellidos: 'string',
  nombreCompleto: 'string',
  fechaIngreso: 'date',
  fechaRetiro: 'date?',
  salarioBase: 'double',
  salarioIntegral: 'bool',
  tipoCotizante: { codigo: 'string', descripcion: 'string' },
  activo: 'bool',
});

export const writeVinculados = envelopeWriter<VinculadoView>(VINCULADO_SCHEMA);
/** The whole list as it is read (a cursor): `total` is the number of elements written. */
export const writeVinculadosStream = envelopeStreamWriter<VinculadoView>(VINCULADO_SCHEMA);

/** Wire format of a contributor type of the catalog (GET /vinculados/tiposCotizante). */
export const TIPO_COTIZANTE_SCHEMA = legacySchema({ codigo: 'string', descripcion: 'string' });

export const writeTiposCotizante = envelopeWriter<TipoCotizanteRow>(TIPO_COTIZANTE_SCHEMA);

export class TipoCotizanteDto {
  @ApiProperty({ example: '01', description: 'Código del tipo de cotizante (PILA).' })
  codigo!: string;

  @ApiProperty({ example: 'Dependiente' })
  descripcion!: string;
}

export class VinculadoDto {
  @ApiProperty(VINCULADO_UUID)
  uuid!: string;

  @ApiProperty(EMPLEADO_UUID)
  empleadoUuid!: string;

  @ApiProperty(TIPO_DOCUMENTO)
  tipoDocumento!: string;

  @ApiProperty({ example: '8927601899', description: 'Número de documento de la persona (nombre heredado de la integración).' })
  idEmpleado!: string;

  @ApiProperty({ example: 'Esteban' })
  nombres!: string;

  @ApiProperty({ example: 'Pérez Zapata' })
  apellidos!: string;

  @ApiProperty(NOMBRE_COMPLETO)
  nombreCompleto!: string;

  @ApiProperty(legacyDate('Fecha de ingreso.'))
  fechaIngreso!: string;

  @ApiProperty({ ...legacyDate('Fecha de retiro; null si la vinculación no tiene retiro.', true), example: null })
  fechaRetiro!: string | null;

  @ApiProperty(javaDouble(1.8404777e7, 'Salario base.'))
  salarioBase!: number;

  @ApiProperty({ example: true, description: 'true con salario integral.' })
  salarioIntegral!: boolean;

  @ApiProperty({ type: () => TipoCotizanteDto, description: 'Tipo de cotizante de la vinculación.' })
  tipoCotizante!: TipoCotizanteDto;

  @ApiProperty({
    example: true,
    description: 'true si la vinculación está vigente hoy en Colombia: fechaIngreso <= hoy y (fechaRetiro null o >= hoy).',
  })
  activo!: boolean;
}

export class VinculadosResponseDto extends LegacyEnvelopeDto(VinculadoDto, 37) {}
export class VinculadoResponseDto extends LegacyEnvelopeDto(VinculadoDto, 1) {}
export class TiposCotizanteResponseDto extends LegacyEnvelopeDto(TipoCotizanteDto, 4) {}

/** A real response (example dataset, GET /vinculados/2B7EA90DC87745C29FD1938A366C8206), byte for byte. */
export const VINCULADO_WIRE_EXAMPLE =
  '{"contenido":[{"uuid":"2B7EA90DC87745C29FD1938A366C8206","empleadoUuid":"21E10C42C883413CB0930C65F1B7ACD9","tipoDocumento":"CC",' +
  '"idEmpleado":"8927601899","nombres":"Esteban","apellidos":"Pérez Zapata","nombreCompleto":"Esteban Pérez Zapata",' +
  '"fechaIngreso":"2021-05-22T05:00:00.000+0000","fechaRetiro":null,"salarioBase":1.8404777E7,"salarioIntegral":true,' +
  '"tipoCotizante":{"codigo":"01","descripcion":"Dependiente"},"activo":true}],"error":null,"advertencia":null,"metadata":null,"total":1}';

/** Compile-time link: the handlers' rows and the OpenAPI DTOs carry exactly the writers' fields (order: see response-dtos.spec.ts). */
export type VinculadoWireFields = [
  ExpectTrue<WireViewMatch<VinculadoView, typeof VINCULADO_SCHEMA>>,
  ExpectTrue<WireFieldsMatch<VinculadoDto, typeof VINCULADO_SCHEMA>>,
  ExpectTrue<WireViewMatch<TipoCotizanteRow, typeof TIPO_COTIZANTE_SCHEMA>>,
  ExpectTrue<WireFieldsMatch<TipoCotizanteDto, typeof TIPO_COTIZANTE_SCHEMA>>,
];
