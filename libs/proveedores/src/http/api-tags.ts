/** The OpenAPI tags of the supplier lookup, with descriptions for a host's DocumentBuilder.addTag(). */
export const PROVEEDORES_API_TAGS: { name: string; description: string }[] = [
  { name: 'Proveedores', description: 'Consulta de proveedores y sus establecimientos (definitivos sobre los de entrada).' },
];
