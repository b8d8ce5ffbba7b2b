/** The OpenAPI tags of the reports, with descriptions for a host's DocumentBuilder.addTag(). */
export const REPORTES_API_TAGS: { name: string; description: string }[] = [
  { name: 'Reportes', description: 'Reporte de rentabilidad por producto para negocios con plan PREMIUM.' },
];
