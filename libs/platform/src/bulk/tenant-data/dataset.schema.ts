/**
 * Platform's part of the import schema (../shared/contract/dataset.schema.json): JSON Schema 2020-12 definitions.
 * The importer assembles the whole import schema from every context's definitions
 * (libs/importer/src/schema-validation.ts); references are to `#/$defs/<name>` of that document.
 */
export const PLATFORM_DATASET_DEFS = {
  negocio: {
    type: 'object',
    additionalProperties: false,
    required: ['uuid', 'nombre'],
    properties: {
      uuid: { $ref: '#/$defs/uuid' },
      nombre: { type: 'string', minLength: 1, maxLength: 200 },
      suscripcion: {
        type: ['object', 'null'],
        additionalProperties: false,
        required: ['plan', 'desde', 'hasta'],
        properties: {
          plan: { enum: ['PREMIUM', 'GRATIS', 'TRIAL'] },
          desde: { $ref: '#/$defs/instant' },
          hasta: { $ref: '#/$defs/instant' },
        },
      },
    },
  },
  usuario: {
    type: 'object',
    additionalProperties: false,
    required: ['uuid', 'email', 'password', 'nombre', 'apellido', 'negocios'],
    properties: {
      uuid: { $ref: '#/$defs/uuid' },
      email: { type: 'string', minLength: 3, maxLength: 254 },
      password: { type: 'string', minLength: 8, maxLength: 200, description: 'Clear text in the file; stored hashed.' },
      nombre: { type: 'string', minLength: 1, maxLength: 100 },
      apellido: { type: 'string', maxLength: 100 },
      rol: { type: 'string', maxLength: 50, default: 'ADMIN' },
      activo: { type: 'boolean', default: true },
      negocios: {
        type: 'array',
        minItems: 1,
        items: { $ref: '#/$defs/uuid' },
        description: "Uuids of this tenant's businesses; the first is the default.",
      },
    },
  },
} as const;
