import { Query } from '@nestjs/cqrs';
import type { Readable } from 'node:stream';

export const ESTADOS_VENTA = ['Pagada', 'Pendiente', 'Anulada'] as const;
export type EstadoVenta = (typeof ESTADOS_VENTA)[number];

/** Without `status` every sale counts except the annulled ones (CONTRACT §4). */
export const DEFAULT_ESTADOS: readonly EstadoVenta[] = ['Pagada', 'Pendiente'];

/** What one report covers; already validated and resolved (businesses by PremiumGuard). */
export interface ReportUtilityCriteria {
  /** Canonical lowercase uuids; every one belongs to the caller and is premium. */
  businessIds: readonly string[];
  /** Inclusive bounds, `yyyy-MM-ddTHH:mm:ss.SSSZ`. */
  dateInit: string;
  dateEnd: string;
  /** true: one row per product; false: one row per product per sale. */
  grouped: boolean;
  estados: readonly EstadoVenta[];
}

/**
 * GET /reports/reportUtility (CONTRACT §4): an object stream of `ReportUtilityItem` — every
 * row in report order, then one totals item — read in constant memory, whatever the size (a
 * year of detail can be a million rows). The stream holds one pooled connection until it ends,
 * fails or is destroyed; the handler resolves once the first item is ready, so a query that
 * fails to start is still answered with a problem+json error.
 */
export class ReportUtilityQuery extends Query<Readable> {
  constructor(
    readonly tenantId: string,
    readonly criteria: ReportUtilityCriteria,
  ) {
    super();
  }
}
