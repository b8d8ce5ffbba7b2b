import type { PagoRow } from './list-pagos.sql';

/** A payment header ready for the legacy writer (wire names, grupoPago nested). */
export interface PagoView extends Omit<PagoRow, 'grupoUuid' | 'grupoCodigo' | 'grupoNombre' | 'total'> {
  grupoPago: { uuid: string; codigo: string; nombre: string } | null;
}
