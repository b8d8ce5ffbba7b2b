import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class FieldProblemDto {
  @ApiProperty({ example: 'offset' })
  field!: string;

  @ApiProperty({ example: 'Debe ser un entero mayor o igual a 0.' })
  message!: string;
}

/** RFC 9457 problem details, the body of every error (content type application/problem+json). */
export class ProblemDto {
  @ApiProperty({
    example: 'tag:nomina-read-api,2026:problem:VALIDATION',
    description: 'Identifica el tipo de problema (URI de etiqueta, no un enlace).',
  })
  type!: string;

  @ApiProperty({ example: 'Solicitud inválida' })
  title!: string;

  @ApiProperty({ example: 400 })
  status!: number;

  @ApiProperty({ example: 'Parámetro inválido: offset. Debe ser un entero mayor o igual a 0.' })
  detail!: string;

  @ApiProperty({ example: '/pagos' })
  instance!: string;

  @ApiProperty({ example: 'VALIDATION', description: 'Código estable del error, para programas.' })
  code!: string;

  @ApiProperty({
    example: 'Parámetro inválido: offset. Debe ser un entero mayor o igual a 0.',
    description: 'Igual a `detail`: los clientes de los servicios Loggro heredados leen solo `message`.',
  })
  message!: string;

  @ApiPropertyOptional({ type: [FieldProblemDto], description: 'Solo en errores de validación: cada parámetro inválido.' })
  errors?: FieldProblemDto[];
}

/** The legacy payroll services' error object (CONTRACT §11.5). */
export class LegacyErrorDto {
  @ApiProperty({ example: 'VALIDATION', description: 'Igual a `code`.' })
  codigo!: string;

  @ApiProperty({
    example: 'Parámetro inválido: offset. Debe ser un entero mayor o igual a 0.',
    description: 'Igual a `detail`.',
  })
  mensaje!: string;
}

/**
 * The problem body of the payroll operations: ProblemDto plus `error`, which the clients of the
 * legacy payroll services read (`error.mensaje`).
 */
export class LegacyProblemDto extends ProblemDto {
  @ApiProperty({
    type: () => LegacyErrorDto,
    description:
      'Solo en las operaciones de nómina: `codigo` igual a `code` y `mensaje` igual a `detail` (los clientes heredados leen `error.mensaje`).',
  })
  error!: LegacyErrorDto;
}
