/**
 * The columns the importer writes, per table (the migrations of platform, nomina, reportes and
 * proveedores). Generated columns (empleado.nombre_completo, nombre_fold, identificacion_fold,
 * pago.descripcion_fold) are never listed: PostgreSQL computes them.
 */
export const COLUMNS = {
  tenant: ['id', 'nit', 'nombre', 'activo'],
  negocio: ['tenant_id', 'id', 'nombre', 'orden'],
  suscripcion: ['tenant_id', 'negocio_id', 'plan', 'desde', 'hasta'],
  usuario: ['tenant_id', 'id', 'email', 'password_hash', 'nombre', 'apellido', 'rol', 'activo'],
  usuario_negocio: ['tenant_id', 'usuario_id', 'orden', 'negocio_id'],
  login_directory: ['email_key', 'tenant_id', 'usuario_id'],
  tipo_cotizante: ['tenant_id', 'codigo', 'descripcion'],
  concepto: ['tenant_id', 'codigo', 'nombre', 'tipo', 'base_aportes'],
  grupo_pago: ['tenant_id', 'id', 'codigo', 'nombre'],
  empleado: ['tenant_id', 'id', 'tipo_documento', 'identificacion', 'nombres', 'apellidos'],
  vinculacion: ['tenant_id', 'id', 'empleado_id', 'fecha_ingreso', 'fecha_retiro', 'salario_base', 'salario_integral', 'tipo_cotizante'],
  pago: [
    'tenant_id', 'id', 'ano', 'mes', 'descripcion', 'fecha_desde', 'fecha_hasta', 'fecha_pago', 'estado', 'tipo_pago',
    'definitivo', 'incluir_prima', 'incluir_intereses_cesantias', 'genero_plano', 'egreso_con_errores',
    'pendiente_generar_egreso', 'pendiente_generar_ingreso', 'ingreso_con_errores', 'grupo_pago_id',
    'total_devengados', 'total_deducciones', 'total_neto', 'numero_empleados',
  ],
  pago_empleado: [
    'tenant_id', 'id', 'pago_id', 'vinculacion_id', 'empleado_id', 'salario_base', 'dias_trabajados',
    'total_devengados', 'total_deducciones', 'total_neto', 'aportes_devengados', 'aportes_deducciones', 'aportes_lineas',
    'pago_fecha_desde', 'pago_fecha_pago', 'pago_definitivo',
  ],
  pago_empleado_detalle: ['tenant_id', 'pago_empleado_id', 'id', 'pago_id', 'concepto_codigo', 'cantidad', 'valor'],
  pago_concepto_total: ['tenant_id', 'pago_id', 'concepto_codigo', 'cantidad', 'valor', 'numero_empleados'],
  vinculacion_acumulado_anual: [
    'tenant_id', 'ano', 'vinculacion_id', 'total_devengados', 'total_deducciones', 'aportes_devengados', 'aportes_deducciones',
    'aportes_lineas', 'ultimo_pago_id',
  ],
  nomina_electronica_secuencia: ['tenant_id', 'prefijo', 'siguiente_numero'],
  categoria: ['tenant_id', 'id', 'nombre'],
  producto: ['tenant_id', 'id', 'negocio_id', 'categoria_id', 'codigo', 'nombre'],
  venta: ['tenant_id', 'id', 'negocio_id', 'fecha', 'estado'],
  venta_linea: [
    'tenant_id', 'venta_id', 'linea', 'negocio_id', 'fecha', 'estado', 'producto_id', 'cantidad', 'precio_unitario',
    'descuento', 'impuestos', 'costo_promedio',
  ],
  venta_producto_mes: ['tenant_id', 'negocio_id', 'mes', 'estado', 'producto_id', 'cantidad', 'total_bruto', 'descuento', 'impuestos', 'costo_total'],
  venta_producto_ano: ['tenant_id', 'negocio_id', 'ano', 'estado', 'producto_id', 'cantidad', 'total_bruto', 'descuento', 'impuestos', 'costo_total'],
  proveedor: ['tenant_id', 'identificacion', 'digito_verificacion', 'tipo_identificacion', 'razon_social', 'nombre_comercial'],
  proveedor_establecimiento: ['tenant_id', 'identificacion', 'codigo', 'nombre', 'direccion', 'ciudad', 'telefono', 'email'],
  proveedor_entrada: ['tenant_id', 'identificacion', 'digito_verificacion', 'tipo_identificacion', 'razon_social', 'nombre_comercial'],
  proveedor_entrada_establecimiento: ['tenant_id', 'identificacion', 'codigo', 'nombre', 'direccion', 'ciudad', 'telefono', 'email'],
} as const;

export type TableName = keyof typeof COLUMNS;

/**
 * Every table holding a tenant's data except `tenant` and `nomina_electronica_secuencia`, children
 * before parents. A replace deletes from each one explicitly by tenant_id: the line tables have no
 * foreign keys, so a cascade from the tenant row would leave them behind.
 */
export const TENANT_DATA_TABLES: readonly TableName[] = [
  'venta_producto_ano',
  'venta_producto_mes',
  'venta_linea',
  'venta',
  'producto',
  'categoria',
  'pago_empleado_detalle',
  'pago_concepto_total',
  'vinculacion_acumulado_anual',
  'pago_empleado',
  'pago',
  'vinculacion',
  'empleado',
  'grupo_pago',
  'concepto',
  'tipo_cotizante',
  'proveedor_establecimiento',
  'proveedor',
  'proveedor_entrada_establecimiento',
  'proveedor_entrada',
  'login_directory',
  'usuario_negocio',
  'usuario',
  'suscripcion',
  'negocio',
];

export const ALL_TABLES: readonly TableName[] = ['tenant', ...TENANT_DATA_TABLES, 'nomina_electronica_secuencia'];
