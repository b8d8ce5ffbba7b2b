/** States of a payment (pago.estado): EP en preparación, PA por aprobar, PP por pagar, PG pagado, RE devuelto, AN anulado. */
export const ESTADOS_PAGO = ['EP', 'PA', 'PP', 'PG', 'RE', 'AN'] as const;
export type EstadoPago = (typeof ESTADOS_PAGO)[number];
