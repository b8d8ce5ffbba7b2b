import type { Client } from 'pg';
import { copyRows, type CopyValue, TABLES, type TableTarget, uuidBytes, uuidKey, UuidMap } from '@nomina-api/platform/bulk';
import type { EmpleadoInput } from './dataset.types';
import { NOMINA_COLUMNS as COLUMNS } from './tables';

/**
 * The uuid bytes of every bond and its employee, packed 32 bytes per bond in one buffer, found
 * through a UuidMap (bond uuid → bond number): a Uint8Array of its own per uuid cost ~225 bytes of
 * heap each, a Map from key strings ~100 more (measured: 119 MB for 166,667 bonds), which a
 * tenant with a large catalog pays for the whole load; here ~75–150 bytes per bond (bounded in acumulado-anual.spec.ts).
 */
export class VinculacionRefs {
  private readonly numbers = new UuidMap(1, 1 << 10);
  /** Bond number n's uuid at 32 × n, its employee's uuid 16 bytes further. */
  bytes = Buffer.alloc(32 * 1024);
  private used = 0;

  get size(): number {
    return this.used / 32;
  }

  /** Bytes held, for the tests' bound per bond. */
  get heldBytes(): number {
    return this.numbers.bytes + this.bytes.byteLength;
  }

  set(bondKey: string, employeeKey: string): void {
    if (this.used + 32 > this.bytes.length) {
      const grown = Buffer.alloc(this.bytes.length * 2);
      this.bytes.copy(grown, 0, 0, this.used);
      this.bytes = grown;
    }
    this.bytes.set(uuidBytes(bondKey), this.used);
    this.bytes.set(uuidBytes(employeeKey), this.used + 16);
    // The validation refuses a repeated bond uuid; were one to come, its first bond would count.
    if (this.numbers.put(bondKey, this.used / 32) < 0) this.used += 32;
  }

  /** The bond's number (its bytes are at 32 × number in `bytes`), or -1 for an unknown bond. */
  number(bondKey: string): number {
    const slot = this.numbers.slot(bondKey);
    return slot < 0 ? -1 : this.numbers.value(slot);
  }

  /** Bond number n's key (uuidKey form), for the rows that carry it as text. */
  key(n: number): string {
    return this.keyAt(n * 32);
  }

  /** Adds the bonds of `other` this one does not have (a merge's stored bonds next to the file's). */
  addAll(other: VinculacionRefs): void {
    for (let n = 0; n < other.size; n++) {
      const bond = other.key(n);
      if (this.number(bond) < 0) this.set(bond, other.empleado(n));
    }
  }

  /** The key of bond number n's employee. */
  empleado(n: number): string {
    return this.keyAt(n * 32 + 16);
  }

  private keyAt(offset: number): string {
    const hex = this.bytes.toString('hex', offset, offset + 16);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
}

/** Employees per COPY: their rows, parsed or not, are never all in memory at once. */
const EMPLOYEES_PER_COPY = 5_000;

export async function loadEmpleados(
  client: Client,
  tenantKey: string,
  empleados: Iterable<EmpleadoInput> | AsyncIterable<EmpleadoInput>,
  into: TableTarget = TABLES,
): Promise<{ refs: VinculacionRefs; count: number }> {
  const refs = new VinculacionRefs();
  let people: CopyValue[][] = [];
  let bonds: CopyValue[][] = [];
  let count = 0;
  // Employees before their bonds (vinculacion references empleado when the keys are checked per row).
  const flush = async (): Promise<void> => {
    await copyRows(client, into('empleado'), COLUMNS.empleado, people);
    await copyRows(client, into('vinculacion'), COLUMNS.vinculacion, bonds);
    people = [];
    bonds = [];
  };
  for await (const e of empleados) {
    const key = uuidKey(e.uuid);
    for (const v of e.vinculaciones) {
      const bond = uuidKey(v.uuid);
      refs.set(bond, key);
      bonds.push([tenantKey, bond, key, v.fechaIngreso, v.fechaRetiro ?? null, v.salarioBase, v.salarioIntegral, v.tipoCotizante]);
    }
    people.push([tenantKey, key, e.tipoDocumento, e.identificacion, e.nombres, e.apellidos]);
    count++;
    if (people.length >= EMPLOYEES_PER_COPY) await flush();
  }
  if (people.length) await flush();
  return { refs, count };
}
