import type { Client } from 'pg';
import { copyRows, type CopyValue, TABLES, type TableTarget } from '@nomina-api/platform/bulk';
import type { ProveedorInput } from './dataset.types';
import { PROVEEDORES_COLUMNS as COLUMNS } from './tables';

/** Supplier identifications are stored upper case (the schema already forbids dots and spaces). */
export function proveedorKey(identificacion: string): string {
  return identificacion.toUpperCase();
}

/** The tables of each `ubicacion`: the definitive family and the entry family (same shape). */
export const FAMILIES = { DEFINITIVA: 'proveedor', ENTRADA: 'proveedor_entrada' } as const;

/** Suppliers buffered per COPY: a list of millions is never held, parsed or as rows. */
const SUPPLIERS_PER_COPY = 5_000;

/**
 * Suppliers go to the definitive or the entry tables by `ubicacion`, in one pass over a list or
 * over the file read again; returns the establishments written.
 */
export async function loadProveedores(
  client: Client,
  tenantKey: string,
  proveedores: Iterable<ProveedorInput> | AsyncIterable<ProveedorInput>,
  into: TableTarget = TABLES,
  /** Hears the establishments written so far, after each batch. */
  onRows?: (establishments: number) => void,
): Promise<number> {
  let establishments = 0;
  let buffered = 0;
  const empty = (): { heads: CopyValue[][]; sites: CopyValue[][] } => ({ heads: [], sites: [] });
  const rows = { DEFINITIVA: empty(), ENTRADA: empty() };
  const flush = async (): Promise<void> => {
    for (const ubicacion of ['DEFINITIVA', 'ENTRADA'] as const) {
      const table = FAMILIES[ubicacion];
      // Each supplier before its establishments (they reference it when the keys are checked per row).
      await copyRows(client, into(table), COLUMNS[table], rows[ubicacion].heads);
      await copyRows(client, into(`${table}_establecimiento`), COLUMNS[`${table}_establecimiento`], rows[ubicacion].sites);
      rows[ubicacion] = empty();
    }
    buffered = 0;
    onRows?.(establishments);
  };
  for await (const p of proveedores) {
    const key = proveedorKey(p.identificacion);
    const family = rows[p.ubicacion];
    family.heads.push([tenantKey, key, p.digitoVerificacion ?? null, p.tipoIdentificacion, p.razonSocial, p.nombreComercial ?? null]);
    for (const e of p.establecimientos) {
      family.sites.push([tenantKey, key, e.codigo, e.nombre, e.direccion ?? null, e.ciudad ?? null, e.telefono ?? null, e.email ?? null]);
    }
    establishments += p.establecimientos.length;
    if (++buffered >= SUPPLIERS_PER_COPY) await flush();
  }
  await flush();
  return establishments;
}
