import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { EXPORT_FORMAT_DESCRIPTION } from '@nomina-api/platform/export';
import { IsDefined, IsIn, IsOptional, ValidateBy, type ValidationArguments } from 'class-validator';
import { ESTADOS_VENTA, type EstadoVenta } from '../../queries/report-utility/report-utility.query';
import {
  INSTANT_EXAMPLE_END,
  INSTANT_EXAMPLE_INIT,
  INSTANT_FORMAT,
  instantProblemMessage,
  isOrderedRange,
  isUtcMillisInstant,
} from '../report-utility.params';

const INSTANT_PATTERN = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$';

function IsUtcMillisInstant(example: string): PropertyDecorator {
  return ValidateBy({
    name: 'isUtcMillisInstant',
    validator: { validate: (value) => isUtcMillisInstant(value), defaultMessage: () => instantProblemMessage(example) },
  });
}

/** dateEndISO >= dateInitISO; only judged when both are valid instants (each reports its own format error). */
function IsNotBefore(property: 'dateInitISO'): PropertyDecorator {
  return ValidateBy({
    name: 'isNotBefore',
    validator: {
      validate: (value: unknown, args?: ValidationArguments) => {
        const other = (args?.object as Record<string, unknown> | undefined)?.[property];
        return !isUtcMillisInstant(value) || !isUtcMillisInstant(other) || isOrderedRange(other, value);
      },
      defaultMessage: (args?: ValidationArguments) =>
        `Debe ser igual o posterior a ${property} (${String((args?.object as Record<string, unknown>)[property])}): invierta las fechas o corrija el rango.`,
    },
  });
}

const BOOLEAN_MESSAGE = 'Debe ser true o false.';

/**
 * Query of GET /reports/reportUtility. `businessId` and `allBusiness` are read and checked by
 * PremiumGuard before this DTO is validated; they are declared here so they are documented and
 * kept by the whitelist.
 */
export class ReportUtilityRequestDto {
  @ApiProperty({
    description: `Inicio del periodo, incluido. UTC con milisegundos, exactamente \`${INSTANT_FORMAT}\`. Una venta cuenta si \`dateInitISO <= fecha <= dateEndISO\`.`,
    example: INSTANT_EXAMPLE_INIT,
    pattern: INSTANT_PATTERN,
  })
  @IsDefined({ message: `Es obligatorio: inicio del periodo. ${instantProblemMessage(INSTANT_EXAMPLE_INIT)}` })
  @IsUtcMillisInstant(INSTANT_EXAMPLE_INIT)
  dateInitISO!: string;

  @ApiProperty({
    description: `Fin del periodo, incluido (al milisegundo). Mismo formato; debe ser igual o posterior a dateInitISO.`,
    example: INSTANT_EXAMPLE_END,
    pattern: INSTANT_PATTERN,
  })
  @IsDefined({ message: `Es obligatorio: fin del periodo. ${instantProblemMessage(INSTANT_EXAMPLE_END)}` })
  @IsUtcMillisInstant(INSTANT_EXAMPLE_END)
  @IsNotBefore('dateInitISO')
  dateEndISO!: string;

  @ApiPropertyOptional({
    description:
      '`true`: una fila por producto. `false` o ausente: una fila por producto y venta (el detalle; varias líneas del mismo producto en una venta forman una fila).',
    enum: ['true', 'false'],
    example: 'true',
  })
  @IsOptional()
  @IsIn(['true', 'false'], { message: BOOLEAN_MESSAGE })
  groupResult?: 'true' | 'false';

  @ApiPropertyOptional({
    description: 'Solo las ventas en ese estado (valor exacto, con mayúscula inicial). Ausente: todos los estados menos `Anulada`.',
    enum: ESTADOS_VENTA,
    example: 'Pagada',
  })
  @IsOptional()
  @IsIn(ESTADOS_VENTA, { message: `Debe ser uno de: ${ESTADOS_VENTA.join(', ')} (exactamente así escrito).` })
  status?: EstadoVenta;

  @ApiPropertyOptional({
    description:
      'Uuid de uno de los negocios del usuario (cualquier mayúscula, con o sin guiones). Ausente: el negocio del token. ' +
      'Un negocio ajeno (de otro usuario u otro tenant) → 403. No se combina con allBusiness=true (→ 400).',
    example: '3A2B51CDBA4B4DC88437D3CFA4B48F6F',
  })
  @IsOptional()
  businessId?: string;

  @ApiPropertyOptional({
    description: '`true`: todos los negocios del usuario en un solo reporte; cada uno debe tener PREMIUM vigente (si no → 402).',
    enum: ['true', 'false'],
    example: 'false',
  })
  @IsOptional()
  allBusiness?: 'true' | 'false';

  @ApiPropertyOptional({
    description: EXPORT_FORMAT_DESCRIPTION,
    enum: ['json', 'csv', 'xlsx'],
    example: 'json',
  })
  @IsOptional()
  // Checked by resolveExportFormat (the same rule and 400 as every export).
  format?: unknown;
}
