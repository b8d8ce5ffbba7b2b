/**
 * Proveedores' part of the import schema (../shared/contract/dataset.schema.json): JSON Schema 2020-12 definitions.
 * The importer assembles the whole import schema from every context's definitions
 * (libs/importer/src/schema-validation.ts); references are to `#/$defs/<name>` of that document.
 */
export const PROVEEDORES_DATASET_DEFS = {
  proveedor: {
    type: 'object',
    additionalProperties: false,
    required: ['identificacion', 'tipoIdentificacion', 'razonSocial', 'ubicacion', 'establecimientos'],
    properties: {
      identificacion: { type: 'string', pattern: '^[0-9A-Za-z]{3,20}$' },
      digitoVerificacion: { type: ['string', 'null'], pattern: '^[0-9]$' },
      tipoIdentificacion: { enum: ['NIT', 'CC', 'CE', 'PA', 'TI', 'NIT_EXTRANJERO'] },
      razonSocial: { type: 'string', minLength: 1, maxLength: 300 },
      nombreComercial: { type: ['string', 'null'], maxLength: 300 },
      ubicacion: { enum: ['DEFINITIVA', 'ENTRADA'] },
      establecimientos: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['codigo', 'nombre'],
          properties: {
            codigo: { type: 'string', minLength: 1, maxLength: 20 },
            nombre: { type: 'string', minLength: 1, maxLength: 200 },
            direccion: { type: ['string', 'null'], maxLength: 300 },
            ciudad: { type: ['string', 'null'], maxLength: 100 },
            telefono: { type: ['string', 'null'], maxLength: 50 },
            email: { type: ['string', 'null'], maxLength: 254 },
          },
        },
      },
    },
  },
} as const;
