import type { Client } from 'pg';
import { copyRows } from '@nomina-api/platform/persistence/bulk/copy-writer';
import type { ProveedorInput } from './dataset.types';
import { PROVEEDORES_COLUMNS as COLUMNS } from './tables';

/** Supplier identifications are stored upper case (the schema already forbids dots and spaces). */
export function proveedorKey(identificacion: string): string {
  return identificacion.toUpperCase();
}

/** Suppliers go to the definitive or the entry tables by `ubicacion`; returns the establishments written. */
export async function loadProveedores(client: Client, tenantKey: string, proveedores: ProveedorInput[]): Promise<number> {
  let establishments = 0;
  for (const [ubicacion, table] of [
    ['DEFINITIVA', 'proveedor'],
    ['ENTRADA', 'proveedor_entrada'],
  ] as const) {
    const mine = proveedores.filter((p) => p.ubicacion === ubicacion);
    const heads = mine.map((p) => [
      tenantKey,
      proveedorKey(p.identificacion),
      p.digitoVerificacion ?? null,
      p.tipoIdentificacion,
      p.razonSocial,
      p.nombreComercial ?? null,
    ]);
    const sites = mine.flatMap((p) =>
      p.establecimientos.map((e) => [
        tenantKey,
        proveedorKey(p.identificacion),
        e.codigo,
        e.nombre,
        e.direccion ?? null,
        e.ciudad ?? null,
        e.telefono ?? null,
        e.email ?? null,
      ]),
    );
    await copyRows(client, table, COLUMNS[table], heads);
    await copyRows(client, `${table}_establecimiento`, COLUMNS[`${table}_establecimiento`], sites);
    establishments += sites.length;
  }
  return establishments;
}
