/**
 * Reportes' part of the import schema (../shared/contract/dataset.schema.json): JSON Schema 2020-12 definitions.
 * The importer assembles the whole import schema from every context's definitions
 * (libs/importer/src/schema-validation.ts); references are to `#/$defs/<name>` of that document.
 */
export const REPORTES_DATASET_DEFS = {
  categoria: {
    type: 'object',
    additionalProperties: false,
    required: ['uuid', 'nombre'],
    properties: { uuid: { $ref: '#/$defs/uuid' }, nombre: { type: 'string', minLength: 1, maxLength: 200 } },
  },
  producto: {
    type: 'object',
    additionalProperties: false,
    required: ['uuid', 'negocio', 'codigo', 'nombre'],
    properties: {
      uuid: { $ref: '#/$defs/uuid' },
      negocio: { $ref: '#/$defs/uuid' },
      categoria: { anyOf: [{ $ref: '#/$defs/uuid' }, { type: 'null' }] },
      codigo: { type: 'string', minLength: 1, maxLength: 50 },
      nombre: { type: 'string', minLength: 1, maxLength: 200 },
    },
  },
  venta: {
    type: 'object',
    additionalProperties: false,
    required: ['uuid', 'negocio', 'fecha', 'estado', 'lineas'],
    properties: {
      uuid: { $ref: '#/$defs/uuid' },
      negocio: { $ref: '#/$defs/uuid' },
      fecha: { $ref: '#/$defs/instant' },
      estado: { enum: ['Pagada', 'Pendiente', 'Anulada'] },
      lineas: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['producto', 'cantidad', 'precioUnitario', 'costoPromedio'],
          properties: {
            producto: { $ref: '#/$defs/uuid' },
            cantidad: { type: 'number', exclusiveMinimum: 0 },
            precioUnitario: { $ref: '#/$defs/money' },
            descuento: { $ref: '#/$defs/money', default: 0 },
            impuestos: { $ref: '#/$defs/money', default: 0 },
            costoPromedio: { type: 'number', minimum: 0 },
          },
        },
      },
    },
  },
} as const;
