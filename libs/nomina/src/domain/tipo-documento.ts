/** Identity document types of a person (empleado.tipo_documento). */
export const TIPOS_DOCUMENTO = ['CC', 'CE', 'TI', 'PA', 'PEP', 'PPT', 'NIT', 'RC'] as const;
export type TipoDocumento = (typeof TIPOS_DOCUMENTO)[number];
