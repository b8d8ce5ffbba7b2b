export const NOMINA_ELECTRONICA_TAG = 'Nómina electrónica (escritura)';

/** The OpenAPI tags of payroll's operations, with descriptions for a host's DocumentBuilder.addTag(). */
export const NOMINA_API_TAGS: { name: string; description: string }[] = [
  {
    name: 'Nómina',
    description: 'Pagos de nómina, nóminas por empleado y sus detalles, empleados y conceptos acumulados (formato heredado).',
  },
  { name: NOMINA_ELECTRONICA_TAG, description: 'Numeración de nómina electrónica: cada llamada consume números consecutivos.' },
];
