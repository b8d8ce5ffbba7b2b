import type { PagoInput, TenantInput, VentaInput } from './dataset.types';
import { uuidKey } from './dataset-values';
import { UuidSet } from './uuid-set';

export type BulkKind = 'nómina' | 'detalle' | 'venta';

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

  /** False when the uuid was already seen: then call duplicate() with where this one is. */
  add(kind: BulkKind, uuid: string): boolean {
    return this.sets[kind].add(uuid);
  }

  duplicate(kind: BulkKind, uuid: string, path: string): void {
    this.duplicates.push({ kind, key: uuidKey(uuid), path });
  }

  /** Each duplicate with the path of the first use of its uuid. */
  report(tenants: TenantInput[], skip: Set<number>): { path: string; message: string }[] {
    if (!this.duplicates.length) return [];
    const wanted = new Set(this.duplicates.map((d) => `${d.kind} ${d.key}`));
    const first = new Map<string, string>();
    const visit = (kind: BulkKind, uuid: string, path: () => string): void => {
      const id = `${kind} ${uuidKey(uuid)}`;
      if (wanted.has(id) && !first.has(id)) first.set(id, path());
    };
    tenants.forEach((t, i) => {
      if (!skip.has(i)) walkTenant(t, `$.tenants[${i}]`, visit);
    });
    return this.duplicates.map((d) => ({
      path: d.path,
      message: `uuid de ${d.kind} repetido: ya se usa en ${first.get(`${d.kind} ${d.key}`)}`,
    }));
  }
}

function walkTenant(t: TenantInput, path: string, visit: (kind: BulkKind, uuid: string, path: () => string) => void): void {
  let i = 0;
  for (const pago of (t.pagos ?? []) as PagoInput[]) {
    const pagoPath = `${path}.pagos[${i++}]`;
    pago.empleados.forEach((pe, j) => {
      visit('nómina', pe.uuid, () => `${pagoPath}.empleados[${j}].uuid`);
      pe.detalles.forEach((d, k) => visit('detalle', d.uuid, () => `${pagoPath}.empleados[${j}].detalles[${k}].uuid`));
    });
  }
  ((t.ventas ?? []) as VentaInput[]).forEach((v, k) => visit('venta', v.uuid, () => `${path}.ventas[${k}].uuid`));
}
