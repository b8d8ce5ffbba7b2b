import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import { ESTADOS_PAGO } from '../../domain/estado-pago';
import { TIPOS_CONCEPTO } from '../../domain/tipo-concepto';
import { TIPOS_DOCUMENTO } from '../../domain/tipo-documento';
import { javaDouble, legacyDate, MoneyTotal, UUID_WIRE } from './envelope.response.dto';

// Fields several payroll elements carry with one meaning are documented here once: as property
// options where the wire name differs between elements, as classes where a run of fields is the
// same (extended, or joined with IntersectionType where other fields come first, so the order
// stays the contract's), each class with the legacy writer's fields it documents (`*_WIRE`, spread
// into the elements' schemas). Examples are the example dataset's values.

export const CONCEPTO_CODIGO: ApiPropertyOptions = { example: '001', description: 'Código del concepto.' };
export const CONCEPTO_NOMBRE: ApiPropertyOptions = { example: 'Sueldo básico' };
export const CONCEPTO_TIPO: ApiPropertyOptions = { enum: [...TIPOS_CONCEPTO], example: 'DEVENGADO' };

export const VINCULADO_UUID: ApiPropertyOptions = {
  ...UUID_WIRE,
  example: '2B7EA90DC87745C29FD1938A366C8206',
  description: 'La vinculación laboral (contrato).',
};
export const EMPLEADO_UUID: ApiPropertyOptions = { ...UUID_WIRE, example: '21E10C42C883413CB0930C65F1B7ACD9', description: 'La persona.' };
export const TIPO_DOCUMENTO: ApiPropertyOptions = { enum: [...TIPOS_DOCUMENTO], example: 'CC' };
export const NUMERO_DOCUMENTO: ApiPropertyOptions = { example: '8927601899', description: 'Número de documento de la persona.' };
export const NOMBRE_COMPLETO: ApiPropertyOptions = { example: 'Esteban Pérez Zapata', description: 'nombres + " " + apellidos.' };

/** The concept a payslip line or a per-concept sum is of, named as every such element names it. */
export const CONCEPTO_DE_LINEA_WIRE = { codigoConcepto: 'string', nombreConcepto: 'string', tipo: 'string' } as const;

export class ConceptoDeLineaDto {
  @ApiProperty(CONCEPTO_CODIGO)
  codigoConcepto!: string;

  @ApiProperty(CONCEPTO_NOMBRE)
  nombreConcepto!: string;

  @ApiProperty(CONCEPTO_TIPO)
  tipo!: string;
}

/** A per-concept sum of the lines in `scope` (e.g. "las nóminas de la vinculación"), worded alike in every element. */
export function ConceptoSuma(kind: 'cantidad' | 'valor', example: number, scope: string): PropertyDecorator {
  return ApiProperty(javaDouble(example, `Suma de ${kind === 'cantidad' ? 'las cantidades' : 'los valores'} del concepto en ${scope}.`));
}

/** A payment's period and state, the same fields in a payment header and in a person's history. */
export const PAGO_PERIODO_WIRE = {
  fechaDesde: 'date',
  fechaHasta: 'date',
  fechaPago: 'date',
  estado: 'string',
  tipoPago: 'string',
  definitivo: 'bool',
} as const;

export class PagoPeriodoDto {
  @ApiProperty(legacyDate('Inicio del periodo.'))
  fechaDesde!: string;

  @ApiProperty(legacyDate('Fin del periodo.'))
  fechaHasta!: string;

  @ApiProperty(legacyDate('Fecha de pago.'))
  fechaPago!: string;

  @ApiProperty({
    enum: [...ESTADOS_PAGO],
    example: 'PG',
    description: 'EP en preparación, PA por aprobar, PP por pagar, PG pagado, RE devuelto a preparación, AN anulado.',
  })
  estado!: string;

  @ApiProperty({
    enum: ['PE', 'PR', 'CE', 'IC', 'LD', 'AN', 'DV', 'NE', 'VI'],
    example: 'PE',
    description:
      'PE nómina, PR prima, CE cesantías, IC intereses sobre cesantías, LD liquidación final, AN anticipo, DV devengos en valor, NE nómina electrónica, VI pago virtual. IN (datos iniciales) nunca aparece.',
  })
  tipoPago!: string;

  @ApiProperty({ example: true })
  definitivo!: boolean;
}

/** A payslip's salary, days and stored totals, the same fields in a payment's payslips and in a person's history. */
export const NOMINA_MONTOS_WIRE = {
  salarioBase: 'double',
  diasTrabajados: 'double',
  totalDevengados: 'double',
  totalDeducciones: 'double',
  totalNeto: 'double',
} as const;

export class NominaMontosDto {
  @ApiProperty(javaDouble(1.8404777e7, 'Salario base en esta nómina.'))
  salarioBase!: number;

  @ApiProperty(javaDouble(30.0, 'Días trabajados.'))
  diasTrabajados!: number;

  @MoneyTotal('devengados', 1.8404777e7, 'de la nómina')
  totalDevengados!: number;

  @MoneyTotal('deducciones', 2263787.78, 'de la nómina')
  totalDeducciones!: number;

  @MoneyTotal('neto', 1.614098922e7, 'de la nómina')
  totalNeto!: number;
}
