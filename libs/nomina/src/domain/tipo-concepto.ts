/** Kind of a payroll concept line: what it adds to (devengado) or takes from (deducción) the pay. */
export const TIPOS_CONCEPTO = ['DEVENGADO', 'DEDUCCION'] as const;
export type TipoConcepto = (typeof TIPOS_CONCEPTO)[number];
