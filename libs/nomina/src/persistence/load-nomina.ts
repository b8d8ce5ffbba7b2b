import type { Client } from 'pg';
import { copyRows, type CopyValue, uuidBytes, uuidKey, UuidMap } from '@nomina-api/platform/bulk';
import type { ConceptoInput, EmpleadoInput, GrupoPagoInput, TipoCotizanteInput } from './dataset.types';
import { NOMINA_COLUMNS as COLUMNS } from './tables';

/** A payroll concept as the line loop needs it. */
export interface ConceptInfo {
  /** Position in the tenant's concept list, to sum per concept in plain arrays. */
  index: number;
  devengado: boolean;
  baseAportes: boolean;
}

/** What the streamed payroll needs to resolve from the tenant's catalogs. */
export interface PayrollRefs {
  concepts: Map<string, ConceptInfo>;
  /** Bond key → the bond's and its employee's uuid bytes (pago_empleado.vinculacion_id, empleado_id). */
  bonds: BondRefs;
  /** Employees written. */
  empleados: number;
}

/**
 * The uuid bytes of every bond and its employee, packed 32 bytes per bond in one buffer, found
 * through a UuidMap (bond uuid → bond number): a Uint8Array of its own per uuid cost ~225 bytes of
 * heap each, a Map from key strings ~100 more (measured: 119 MB for 166,667 bonds), which a
 * tenant with a large catalog pays for the whole load; here ~75–150 bytes per bond (bounded in acumulado-anual.spec.ts).
 */
export class BondRefs {
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
    const hex = this.bytes.toString('hex', n * 32, n * 32 + 16);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
}

export interface NominaCatalogs {
  tiposCotizante?: TipoCotizanteInput[];
  conceptos?: ConceptoInput[];
  gruposPago?: GrupoPagoInput[];
  /** A list, or the file read again (a streamed import keeps no parsed employees between its passes). */
  empleados?: Iterable<EmpleadoInput> | AsyncIterable<EmpleadoInput>;
}

/** Contributor types, concepts, payment groups, employees and their bonds: everything the streamed payroll refers to. */
export async function loadNominaCatalogs(client: Client, tenantKey: string, data: NominaCatalogs): Promise<PayrollRefs> {
  await copyRows(
    client,
    'tipo_cotizante',
    COLUMNS.tipo_cotizante,
    (data.tiposCotizante ?? []).map((t) => [tenantKey, t.codigo, t.descripcion]),
  );
  await copyRows(
    client,
    'concepto',
    COLUMNS.concepto,
    (data.conceptos ?? []).map((c) => [tenantKey, c.codigo, c.nombre, c.tipo, c.baseAportes ?? false]),
  );
  await copyRows(
    client,
    'grupo_pago',
    COLUMNS.grupo_pago,
    (data.gruposPago ?? []).map((g) => [tenantKey, uuidKey(g.uuid), g.codigo, g.nombre]),
  );
  const { refs: bonds, count } = await loadEmpleados(client, tenantKey, data.empleados ?? []);
  const concepts = new Map<string, ConceptInfo>();
  (data.conceptos ?? []).forEach((c, index) =>
    concepts.set(c.codigo, { index, devengado: c.tipo === 'DEVENGADO', baseAportes: c.baseAportes ?? false }),
  );
  return { concepts, bonds, empleados: count };
}

/** Employees per COPY: their rows, parsed or not, are never all in memory at once. */
const EMPLOYEES_PER_COPY = 5_000;

async function loadEmpleados(
  client: Client,
  tenantKey: string,
  empleados: Iterable<EmpleadoInput> | AsyncIterable<EmpleadoInput>,
): Promise<{ refs: BondRefs; count: number }> {
  const refs = new BondRefs();
  let people: CopyValue[][] = [];
  let bonds: CopyValue[][] = [];
  let count = 0;
  // Employees before their bonds (vinculacion references empleado when the keys are checked per row).
  const flush = async (): Promise<void> => {
    await copyRows(client, 'empleado', COLUMNS.empleado, people);
    await copyRows(client, 'vinculacion', COLUMNS.vinculacion, bonds);
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

/**
 * Writes the tenant's e-payroll numbering. Numbers already issued must never be issued again
 * (CONTRACT §3.8), so a replace never moves the sequence backwards: with the same prefix the next
 * number is the greater of the file's and the stored one; a new prefix starts where the file says
 * (its numbers are distinct documents). A file without `nominaElectronica` leaves a stored
 * sequence untouched for the same reason, and creates none for a new tenant (the API starts at NE1).
 */
export async function writeSequence(
  client: Client,
  tenantKey: string,
  seq: { prefijo: string; siguienteNumero: number } | undefined,
): Promise<void> {
  if (!seq) return;
  await client.query(
    `insert into nomina_electronica_secuencia as s (tenant_id, prefijo, siguiente_numero) values ($1, $2, $3)
     on conflict (tenant_id) do update set
       siguiente_numero = case when s.prefijo = excluded.prefijo
                               then greatest(s.siguiente_numero, excluded.siguiente_numero)
                               else excluded.siguiente_numero end,
       prefijo = excluded.prefijo`,
    [tenantKey, seq.prefijo, seq.siguienteNumero],
  );
}
