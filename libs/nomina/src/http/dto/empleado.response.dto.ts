import { ApiProperty } from '@nestjs/swagger';
import { envelopeWriter, type ExpectTrue, legacySchema, type WireFieldsMatch, type WireViewMatch } from '@nomina-api/platform/http';
import type { EmpleadoRow } from '../../queries/list-empleados/empleado.row';
import { javaDouble, LegacyEnvelopeDto, legacyDate, UUID_WIRE } from './envelope.response.dto';
import { EMPLEADO_UUID, NOMBRE_COMPLETO, NUMERO_DOCUMENTO, TIPO_DOCUMENTO } from './field-groups.response.dto';

/**
 * Wire format of an employee (CONTRACT §3.9). Bond fields are nullable: the single-employee
 * read returns a person without any bond with them null.
 */
export const EMPLEADO_SCHEMA = legacySchema({
  empleadoUuid: 'uuid',
  identificacion: 'string',
  vinculadoUuid: 'uuid?',
  tipoDocumento: 'string',
  nombreCompleto: 'string',
  fechaIngreso: 'date?',
  fechaRetiro: 'date?',
  salarioBase: 'double?',
  salarioIntegral: 'bool?',
  tipoCotizante: 'string?',
});

export const writeEmpleados = envelopeWriter<EmpleadoRow>(EMPLEADO_SCHEMA);

export class EmpleadoDto {
  @ApiProperty(EMPLEADO_UUID)
  empleadoUuid!: string;

  @ApiProperty(NUMERO_DOCUMENTO)
  identificacion!: string;

  @ApiProperty({
    ...UUID_WIRE,
    nullable: true,
    example: '2B7EA90D6C1E4F0A9B3D5E7F8A1C2B3D',
    description: 'La vinculación laboral (contrato); el identificador que esperan las operaciones por empleado.',
  })
  vinculadoUuid!: string | null;

  @ApiProperty(TIPO_DOCUMENTO)
  tipoDocumento!: string;

  @ApiProperty(NOMBRE_COMPLETO)
  nombreCompleto!: string;

  @ApiProperty(legacyDate('Fecha de ingreso de la vinculación.', true))
  fechaIngreso!: string | null;

  @ApiProperty({ ...legacyDate('Fecha de retiro; null si la vinculación no tiene retiro.', true), example: null })
  fechaRetiro!: string | null;

  @ApiProperty(javaDouble(1.8404777e7, 'Salario base de la vinculación.', true))
  salarioBase!: number | null;

  @ApiProperty({ type: 'boolean', nullable: true, example: false, description: 'true con salario integral.' })
  salarioIntegral!: boolean | null;

  @ApiProperty({ type: 'string', nullable: true, example: 'Dependiente', description: 'Descripción del tipo de cotizante (no el código).' })
  tipoCotizante!: string | null;
}

export class EmpleadosResponseDto extends LegacyEnvelopeDto(EmpleadoDto, 38) {}
export class EmpleadoResponseDto extends LegacyEnvelopeDto(EmpleadoDto, 1) {}

/** A real response (example dataset, GET /empleados/CC/8927601899), byte for byte. */
export const EMPLEADO_WIRE_EXAMPLE =
  '{"contenido":[{"empleadoUuid":"21E10C42C883413CB0930C65F1B7ACD9","identificacion":"8927601899","vinculadoUuid":"2B7EA90DC87745C29FD1938A366C' +
  '8206","tipoDocumento":"CC","nombreCompleto":"Esteban Pérez Zapata","fechaIngreso":"2021-05-22T05:00:00.000+0000","fechaRetiro":null,"salario' +
  'Base":1.8404777E7,"salarioIntegral":true,"tipoCotizante":"Dependiente"}],"error":null,"advertencia":null,"metadata":null,"total":1}';

/** Compile-time link: the handler's rows and the OpenAPI DTO carry exactly the writer's fields (order: see response-dtos.spec.ts). */
export type EmpleadoWireFields = [
  ExpectTrue<WireViewMatch<EmpleadoRow, typeof EMPLEADO_SCHEMA>>,
  ExpectTrue<WireFieldsMatch<EmpleadoDto, typeof EMPLEADO_SCHEMA>>,
];
