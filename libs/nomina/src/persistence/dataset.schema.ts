/**
 * Nómina's part of the import schema (../shared/contract/dataset.schema.json): JSON Schema 2020-12 definitions.
 * The importer assembles the whole import schema from every context's definitions
 * (libs/importer/src/schema-validation.ts); references are to `#/$defs/<name>` of that document.
 */
export const NOMINA_DATASET_DEFS = {
  tipoCotizante: {
    type: 'object',
    additionalProperties: false,
    required: ['codigo', 'descripcion'],
    properties: {
      codigo: { type: 'string', minLength: 1, maxLength: 10 },
      descripcion: { type: 'string', minLength: 1, maxLength: 200 },
    },
  },
  concepto: {
    type: 'object',
    additionalProperties: false,
    required: ['codigo', 'nombre', 'tipo'],
    properties: {
      codigo: { type: 'string', minLength: 1, maxLength: 20 },
      nombre: { type: 'string', minLength: 1, maxLength: 200 },
      tipo: { enum: ['DEVENGADO', 'DEDUCCION'] },
      baseAportes: { type: 'boolean', default: false },
    },
  },
  grupoPago: {
    type: 'object',
    additionalProperties: false,
    required: ['uuid', 'codigo', 'nombre'],
    properties: {
      uuid: { $ref: '#/$defs/uuid' },
      codigo: { type: 'string', minLength: 1, maxLength: 20 },
      nombre: { type: 'string', minLength: 1, maxLength: 200 },
    },
  },
  empleado: {
    type: 'object',
    additionalProperties: false,
    required: ['uuid', 'tipoDocumento', 'identificacion', 'nombres', 'apellidos', 'vinculaciones'],
    properties: {
      uuid: { $ref: '#/$defs/uuid' },
      tipoDocumento: { enum: ['CC', 'CE', 'TI', 'PA', 'PEP', 'PPT', 'NIT', 'RC'] },
      identificacion: { type: 'string', pattern: '^[0-9A-Za-z]{3,20}$' },
      nombres: { type: 'string', minLength: 1, maxLength: 100 },
      apellidos: { type: 'string', minLength: 1, maxLength: 100 },
      vinculaciones: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['uuid', 'fechaIngreso', 'salarioBase', 'salarioIntegral', 'tipoCotizante'],
          properties: {
            uuid: { $ref: '#/$defs/uuid' },
            fechaIngreso: { $ref: '#/$defs/date' },
            fechaRetiro: { anyOf: [{ $ref: '#/$defs/date' }, { type: 'null' }] },
            salarioBase: { $ref: '#/$defs/money' },
            salarioIntegral: { type: 'boolean' },
            tipoCotizante: { type: 'string', description: 'codigo of a tipoCotizante of this tenant' },
          },
        },
      },
    },
  },
  pago: {
    type: 'object',
    additionalProperties: false,
    required: [
      'uuid',
      'ano',
      'mes',
      'descripcion',
      'fechaDesde',
      'fechaHasta',
      'fechaPago',
      'estado',
      'tipoPago',
      'definitivo',
      'empleados',
    ],
    properties: {
      uuid: { $ref: '#/$defs/uuid' },
      ano: { type: 'integer', minimum: 1900, maximum: 2100 },
      mes: { type: 'integer', minimum: 1, maximum: 12 },
      descripcion: { type: 'string', maxLength: 500 },
      fechaDesde: { $ref: '#/$defs/date' },
      fechaHasta: { $ref: '#/$defs/date' },
      fechaPago: { $ref: '#/$defs/date' },
      estado: { enum: ['EP', 'PA', 'PP', 'PG', 'RE', 'AN'] },
      tipoPago: { enum: ['PE', 'PR', 'CE', 'IC', 'LD', 'AN', 'DV', 'NE', 'VI', 'IN'] },
      definitivo: { type: 'boolean' },
      incluirPrima: { type: 'boolean', default: false },
      incluirInteresesCesantias: { type: 'boolean', default: false },
      generoPlano: { type: 'boolean', default: false },
      egresoConErrores: { type: 'boolean', default: false },
      pendienteGenerarEgreso: { type: 'boolean', default: false },
      pendienteGenerarIngreso: { $ref: '#/$defs/flag' },
      ingresoConErrores: { $ref: '#/$defs/flag' },
      grupoPago: { anyOf: [{ $ref: '#/$defs/uuid' }, { type: 'null' }] },
      empleados: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['uuid', 'vinculacion', 'salarioBase', 'detalles'],
          properties: {
            uuid: { $ref: '#/$defs/uuid' },
            vinculacion: { $ref: '#/$defs/uuid' },
            salarioBase: { $ref: '#/$defs/money' },
            diasTrabajados: { type: 'number', minimum: 0, maximum: 366, default: 30 },
            detalles: {
              type: 'array',
              items: {
                type: 'object',
                additionalProperties: false,
                required: ['uuid', 'concepto', 'valor'],
                properties: {
                  uuid: { $ref: '#/$defs/uuid' },
                  concepto: { type: 'string', description: 'codigo of a concepto of this tenant' },
                  cantidad: { type: 'number', default: 0 },
                  valor: { $ref: '#/$defs/money' },
                },
              },
            },
          },
        },
      },
    },
  },
} as const;
