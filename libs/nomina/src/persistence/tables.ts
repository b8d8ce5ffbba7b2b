import type { ForeignKey } from '@nomina-api/platform/bulk';

/**
 * The columns nómina's tables are written with by a bulk load (this folder's migrations).
 * empleado.nombre_completo, nombre_fold, identificacion_fold and pago.descripcion_fold are generated.
 * Generated columns are never listed: PostgreSQL computes them.
 */
export const NOMINA_COLUMNS = {
  tipo_cotizante: ['tenant_id', 'codigo', 'descripcion'],
  concepto: ['tenant_id', 'codigo', 'nombre', 'tipo', 'base_aportes'],
  grupo_pago: ['tenant_id', 'id', 'codigo', 'nombre'],
  empleado: ['tenant_id', 'id', 'tipo_documento', 'identificacion', 'nombres', 'apellidos'],
  vinculacion: ['tenant_id', 'id', 'empleado_id', 'fecha_ingreso', 'fecha_retiro', 'salario_base', 'salario_integral', 'tipo_cotizante'],
  pago: [
    'tenant_id',
    'id',
    'ano',
    'mes',
    'descripcion',
    'fecha_desde',
    'fecha_hasta',
    'fecha_pago',
    'estado',
    'tipo_pago',
    'definitivo',
    'incluir_prima',
    'incluir_intereses_cesantias',
    'genero_plano',
    'egreso_con_errores',
    'pendiente_generar_egreso',
    'pendiente_generar_ingreso',
    'ingreso_con_errores',
    'grupo_pago_id',
    'total_devengados',
    'total_deducciones',
    'total_neto',
    'numero_empleados',
  ],
  pago_empleado: [
    'tenant_id',
    'id',
    'pago_id',
    'vinculacion_id',
    'empleado_id',
    'salario_base',
    'dias_trabajados',
    'total_devengados',
    'total_deducciones',
    'total_neto',
    'aportes_devengados',
    'aportes_deducciones',
    'aportes_lineas',
    'pago_fecha_desde',
    'pago_fecha_pago',
    'pago_definitivo',
  ],
  pago_empleado_detalle: ['tenant_id', 'pago_empleado_id', 'id', 'pago_id', 'concepto_codigo', 'cantidad', 'valor'],
  pago_concepto_total: ['tenant_id', 'pago_id', 'concepto_codigo', 'cantidad', 'valor', 'numero_empleados'],
  vinculacion_acumulado_anual: [
    'tenant_id',
    'ano',
    'vinculacion_id',
    'total_devengados',
    'total_deducciones',
    'aportes_devengados',
    'aportes_deducciones',
    'aportes_lineas',
    'ultimo_pago_id',
  ],
  vinculacion_concepto_anual: ['tenant_id', 'ano', 'concepto_codigo', 'vinculacion_id', 'cantidad', 'valor', 'lineas'],
  nomina_electronica_secuencia: ['tenant_id', 'prefijo', 'siguiente_numero'],
} as const;

/** The tenant's rows of these tables, children before parents: a replace deletes them in this order. */
export const NOMINA_TENANT_TABLES: readonly (keyof typeof NOMINA_COLUMNS)[] = [
  'pago_empleado_detalle',
  'pago_concepto_total',
  'vinculacion_acumulado_anual',
  'vinculacion_concepto_anual',
  'pago_empleado',
  'pago',
  'vinculacion',
  'empleado',
  'grupo_pago',
  'concepto',
  'tipo_cotizante',
];

/** The foreign keys between these tables (and to platform's), checked after a load that skips the per-row triggers. */
export const NOMINA_FOREIGN_KEYS: readonly ForeignKey[] = [
  { child: 'vinculacion', columns: ['empleado_id'], parent: 'empleado', parentColumns: ['id'] },
  { child: 'vinculacion', columns: ['tipo_cotizante'], parent: 'tipo_cotizante', parentColumns: ['codigo'] },
  { child: 'pago', columns: ['grupo_pago_id'], parent: 'grupo_pago', parentColumns: ['id'] },
  { child: 'pago_empleado', columns: ['pago_id'], parent: 'pago', parentColumns: ['id'] },
  { child: 'pago_empleado', columns: ['vinculacion_id'], parent: 'vinculacion', parentColumns: ['id'] },
  { child: 'pago_concepto_total', columns: ['pago_id'], parent: 'pago', parentColumns: ['id'] },
];
