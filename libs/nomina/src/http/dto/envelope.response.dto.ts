import type { Type } from '@nestjs/common';
import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';

/** OpenAPI 3.0 has no `null` type: a nullable schema whose only value is null. */
const ALWAYS_NULL: ApiPropertyOptions = {
  type: 'string',
  nullable: true,
  enum: [null],
  example: null,
  description: 'Siempre null en una respuesta exitosa.',
};

/** What an envelope documents differently from a paged list's (a whole result, elements of two shapes). */
export interface EnvelopeOptions {
  /** The `contenido` property instead of an array of `element`. */
  contenido?: ApiPropertyOptions;
  total?: string;
}

/**
 * OpenAPI class of the payroll envelope `{contenido, error, advertencia, metadata, total}` for
 * one element type. The wire bytes come from the legacy writer, not from this class.
 */
export function LegacyEnvelopeDto<T>(
  element: Type<T>,
  totalExample = 1,
  options: EnvelopeOptions = {},
): Type<{ contenido: T[]; error: null; advertencia: null; metadata: null; total: number }> {
  class Envelope {
    @ApiProperty(
      options.contenido ?? { type: () => [element], description: 'Registros del resultado; arreglo vacío cuando nada coincide.' },
    )
    contenido!: T[];

    @ApiProperty(ALWAYS_NULL)
    error!: null;

    @ApiProperty(ALWAYS_NULL)
    advertencia!: null;

    @ApiProperty(ALWAYS_NULL)
    metadata!: null;

    @ApiProperty({
      type: 'integer',
      example: totalExample,
      description: options.total ?? 'Cantidad global de registros que cumplen los criterios, sin importar offset/size.',
    })
    total!: number;
  }
  return Envelope;
}

/** Property options shared by the Java-double fields (amounts, flags, counters). */
export function javaDouble(example: number, description: string, nullable = false): Parameters<typeof ApiProperty>[0] {
  return {
    type: 'number',
    format: 'double',
    example,
    nullable,
    description: `${description} Se escribe como Double.toString de Java: 0.0, 1300000.0, 1.8404777E7 (notación científica desde 10.000.000).`,
  };
}

const MONEY_TOTAL: Record<MoneyTotalKind, (scope: string) => string> = {
  devengados: (scope) => `Devengados ${scope}: suma de las líneas DEVENGADO.`,
  deducciones: (scope) => `Deducciones ${scope}: suma de las líneas DEDUCCION.`,
  neto: (scope) => `Neto ${scope}: devengados − deducciones.`,
};

export type MoneyTotalKind = 'devengados' | 'deducciones' | 'neto';

/**
 * One of the money totals a payroll element carries (`totalDevengados`, `totalDeducciones`,
 * `totalNeto`), described the same way in every DTO: `scope` says what it sums ("de la nómina",
 * "del mes"), `note` anything particular to this element.
 */
export function MoneyTotal(kind: MoneyTotalKind, example: number, scope: string, note?: string): PropertyDecorator {
  return ApiProperty(javaDouble(example, note === undefined ? MONEY_TOTAL[kind](scope) : `${MONEY_TOTAL[kind](scope)} ${note}`));
}

export const DATE_EXAMPLE = '2024-01-31T05:00:00.000+0000';

export function legacyDate(description: string, nullable = false): Parameters<typeof ApiProperty>[0] {
  return {
    type: 'string',
    example: DATE_EXAMPLE,
    nullable,
    description: `${description} Fecha sin hora, escrita a las 05:00 UTC (medianoche en Bogotá): yyyy-MM-ddTHH:mm:ss.SSS+0000.`,
  };
}

export const UUID_WIRE = { type: 'string', pattern: '^[0-9A-F]{32}$' } as const;

/** Operation-description suffix showing a real response body byte for byte. */
export function wireExample(body: string): string {
  return '\n\nEjemplo real (bytes exactos; montos como Double de Java, fechas a las 05:00 UTC):\n\n```json\n' + body + '\n```';
}
