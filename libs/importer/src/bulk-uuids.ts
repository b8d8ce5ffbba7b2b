import type { PagoEmpleadoInput, PagoInput, PagoStreamInput, TenantInput, VentaInput } from './dataset.types';
import { uuidKey } from './dataset-values';
import type { UuidPrefilter } from './uuid-prefilter';
import { UuidSet } from '@nomina-api/platform/bulk';

export type BulkKind = 'nómina' | 'detalle' | 'venta';

/** Kind numbers for UuidPrefilter. */
export const BULK_KIND_NUMBER: Record<BulkKind, number> = { nómina: 0, detalle: 1, venta: 2 };

interface Duplicate {
  kind: BulkKind;
  key: string;
  path: string;
}

/**
 * Uniqueness of the high-volume uuids (payslips, detail lines, sales). Remembering where each one
 * was first seen would cost a path string per line; instead only the 128-bit values are kept, and
 * when duplicates turn up the file is walked once more to find where each was first used.
 */
export class BulkUuids {
  private readonly sets: Record<BulkKind, UuidSet> = {
    nómina: new UuidSet(1 << 14),
    detalle: new UuidSet(1 << 16),
    venta: new UuidSet(1 << 14),
  };
  private readonly duplicates: Duplicate[] = [];

  /** With a prefilter that has seen every uuid of the file, only its candidates are remembered. */
  constructor(private readonly prefilter?: UuidPrefilter) {}

  /** False when the uuid was already seen: then call duplicate() with where this one is. */
  add(kind: BulkKind, uuid: string): boolean {
    if (this.prefilter && !this.prefilter.mayRepeat(BULK_KIND_NUMBER[kind], uuid)) return true;
    return this.sets[kind].add(uuid);
  }

  /** Duplicates found so far. */
  get duplicateCount(): number {
    return this.duplicates.length;
  }

  duplicate(kind: BulkKind, uuid: string, path: string): void {
    this.duplicates.push({ kind, key: uuidKey(uuid), path });
  }

  /** Each duplicate with the path of the first use of its uuid. */
  report(tenants: TenantInput[], skip: Set<number>): { path: string; message: string }[] {
    if (!this.duplicates.length) return [];
    const first = new FirstUses(this.duplicates);
    tenants.forEach((t, i) => {
      if (skip.has(i)) return;
      const path = `$.tenants[${i}]`;
      let j = 0;
      for (const pago of (t.pagos ?? []) as PagoInput[]) first.pago(pago, `${path}.pagos[${j++}]`);
      ((t.ventas ?? []) as VentaInput[]).forEach((v, k) => first.venta(v, `${path}.ventas[${k}]`));
    });
    return first.messages();
  }

  /** report() for a streamed file: one more read of the payments and sales, only when there are duplicates. */
  async reportStreamed(
    tenants: { pagos?: AsyncIterable<PagoStreamInput>; ventas?: AsyncIterable<VentaInput> }[],
    skip: Set<number>,
  ): Promise<{ path: string; message: string }[]> {
    if (!this.duplicates.length) return [];
    const first = new FirstUses(this.duplicates);
    for (let i = 0; i < tenants.length; i++) {
      if (skip.has(i)) continue;
      const path = `$.tenants[${i}]`;
      let j = 0;
      for await (const pago of tenants[i].pagos ?? []) {
        const pagoPath = `${path}.pagos[${j++}]`;
        let k = 0;
        for await (const pe of pago.empleados) first.payslip(pe, pagoPath, k++);
      }
      j = 0;
      for await (const venta of tenants[i].ventas ?? []) first.venta(venta, `${path}.ventas[${j++}]`);
    }
    return first.messages();
  }
}

/** Where each duplicated uuid was first used. */
class FirstUses {
  private readonly wanted: Set<string>;
  private readonly first = new Map<string, string>();

  constructor(private readonly duplicates: Duplicate[]) {
    this.wanted = new Set(duplicates.map((d) => `${d.kind} ${d.key}`));
  }

  private visit(kind: BulkKind, uuid: string, path: () => string): void {
    const id = `${kind} ${uuidKey(uuid)}`;
    if (this.wanted.has(id) && !this.first.has(id)) this.first.set(id, path());
  }

  pago(pago: PagoInput, pagoPath: string): void {
    pago.empleados.forEach((pe, j) => this.payslip(pe, pagoPath, j));
  }

  payslip(pe: PagoEmpleadoInput, pagoPath: string, j: number): void {
    this.visit('nómina', pe.uuid, () => `${pagoPath}.empleados[${j}].uuid`);
    pe.detalles.forEach((d, k) => this.visit('detalle', d.uuid, () => `${pagoPath}.empleados[${j}].detalles[${k}].uuid`));
  }

  venta(v: VentaInput, path: string): void {
    this.visit('venta', v.uuid, () => `${path}.uuid`);
  }

  messages(): { path: string; message: string }[] {
    return this.duplicates.map((d) => ({
      path: d.path,
      message: `uuid de ${d.kind} repetido: ya se usa en ${this.first.get(`${d.kind} ${d.key}`)}`,
    }));
  }
}
