import type { Client } from 'pg';
import type { PagoInput } from '@nomina-api/importer/dataset.types';

/** The payment's own fields; its uuid and payslips are made by `paymentOnStoredBonds`. */
export type PaymentHeader = Omit<PagoInput, 'uuid' | 'empleados'>;

export interface StoredBondsPayment {
  pago: PagoInput;
  /** The bonds paid (ids as stored). */
  bonds: string[];
  /** The concept codes of every payslip's lines. */
  conceptos: string[];
}

/**
 * A new payment of a stored tenant, to merge (the merge bench, the replica-merge e2e): one payslip
 * per active bond (the first `payslips` by id, or all) with one line per concept of the tenant (the
 * first `lines` by code). Payslip and line uuids follow the payment's: its first 19 characters,
 * then the kind and a counter, so a file built twice is the same file.
 */
export async function paymentOnStoredBonds(
  client: Client,
  tenant: string,
  uuid: string,
  header: PaymentHeader,
  { payslips, lines }: { payslips?: number; lines: number },
): Promise<StoredBondsPayment> {
  const bonds = (
    await client.query<{ id: string; salario: string }>(
      `select id::text, salario_base::text as salario from vinculacion where tenant_id = $1 and fecha_retiro is null order by id limit $2`,
      [tenant, payslips ?? null],
    )
  ).rows;
  const conceptos = (
    await client.query<{ codigo: string }>(`select codigo from concepto where tenant_id = $1 order by codigo limit $2`, [tenant, lines])
  ).rows.map((r) => r.codigo);
  const child = (kind: number, n: number): string =>
    `${uuid.slice(0, 19)}${(0x8000 + kind).toString(16)}-${n.toString(16).padStart(12, '0')}`;
  const pago: PagoInput = {
    uuid,
    ...header,
    empleados: bonds.map((b, i) => ({
      uuid: child(1, i),
      vinculacion: b.id,
      salarioBase: Number(b.salario),
      detalles: conceptos.map((codigo, k) => ({ uuid: child(2, i * conceptos.length + k), concepto: codigo, valor: 10_000 + i + k / 100 })),
    })),
  };
  return { pago, bonds: bonds.map((b) => b.id), conceptos };
}
