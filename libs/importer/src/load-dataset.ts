import type { Client } from 'pg';
import { loadCatalogos, loadPagos, writeSecuencia } from '@nomina-api/nomina/persistence';
import { bumpDataVersion, loadPlatformTenantData, uuidKey } from '@nomina-api/platform/bulk';
import { loadProveedores } from '@nomina-api/proveedores/persistence';
import { loadProductos, loadVentas } from '@nomina-api/reportes/persistence';
import type { Dataset, PagoInput, PagoStreamInput, ProveedorInput, UsuarioInput, VentaInput } from './dataset.types';
import { PasswordHasher } from './password-hasher';
import { skipRowTriggers, verifyReferences } from './reference-guard';
import type { ReferencesWhileLoading, StreamedTenant } from './reference-rules';
import { ALL_TABLES } from './tables';
import { lockTenants, prepareTenant } from './tenant-row';

export interface LoadProgress {
  /** "preparando", "nómina", "ventas", "proveedores" or "analizando". */
  phase: string;
  /** Lines (or records) of this phase written so far, over all tenants. */
  done: number;
  /** Known when the collections are arrays (a parsed file), not for lazy generators. */
  total?: number;
  /** What `done` counts when not lines ("registros" for suppliers). */
  unit?: string;
}

export interface LoadOptions {
  /** Replace tenants that already exist instead of failing with TENANT_EXISTS. */
  replace: boolean;
  /** Line totals for progress when the collections cannot be counted up front (a streamed file counted them while validating). */
  totals?: { lineasNomina: number; lineasVenta: number };
  onProgress?: (progress: LoadProgress) => void;
  /** The users' hashes, started while the file was read (a new one hashes them here). */
  hasher?: PasswordHasher;
  /** The file's reference rules, checked as each tenant is read and written (see ReferencesWhileLoading): its failure rolls the load back. */
  check?: Pick<ReferencesWhileLoading, 'tenant' | 'done'>;
  /** Opens a second connection to the same database: the statistics after the commit are then gathered on two at once. */
  connect?: () => Promise<Client>;
}

export interface LoadSummary {
  tenants: number;
  usuarios: number;
  empleados: number;
  pagos: number;
  pagosEmpleado: number;
  lineasNomina: number;
  ventas: number;
  lineasVenta: number;
  /** Supplier records, i.e. establishments (CONTRACT §5). */
  proveedores: number;
  seconds: number;
}

export const emptySummary = (): LoadSummary => ({
  tenants: 0,
  usuarios: 0,
  empleados: 0,
  pagos: 0,
  pagosEmpleado: 0,
  lineasNomina: 0,
  ventas: 0,
  lineasVenta: 0,
  proveedores: 0,
  seconds: 0,
});

/**
 * Writes a validated dataset in one transaction: every tenant or none. The client must be
 * connected and idle; it is left idle (committed or rolled back). Errors are rethrown after the
 * rollback: ImportError for refusals (TENANT_EXISTS, EMAIL_IN_USE, ...), else the driver's error.
 */
/** A tenant to load: its long lists may also be async (a file read again as a stream), its payments sync (the seed's generators). */
export type LoadableTenant = Omit<StreamedTenant, 'pagos' | 'ventas'> & {
  pagos?: Iterable<PagoStreamInput> | AsyncIterable<PagoStreamInput>;
  ventas?: Iterable<VentaInput> | AsyncIterable<VentaInput>;
};

export async function loadDataset(client: Client, data: Dataset | { tenants: LoadableTenant[] }, opts: LoadOptions): Promise<LoadSummary> {
  const started = performance.now();
  const progress = opts.onProgress ?? (() => undefined);
  progress({ phase: 'preparando', done: 0 });
  // Hashing is slow (scrypt): every user is queued now (most are hashed already when the file's
  // first pass queued them), and each tenant waits only for its own users.
  const hasher = opts.hasher ?? new PasswordHasher();
  for (const t of data.tenants) for (const u of t.usuarios ?? []) hasher.add(u);
  const summary = emptySummary();
  const totals: Record<string, number | undefined> = {
    nómina: opts.totals?.lineasNomina ?? countPayrollLines(data.tenants),
    ventas: opts.totals?.lineasVenta ?? countSaleLines(data.tenants),
    proveedores: countEstablishments(data.tenants),
  };
  await client.query('begin');
  try {
    await lockTenants(
      client,
      data.tenants.map((t) => uuidKey(t.uuid)),
    );
    const checkAfter = await skipRowTriggers(client);
    for (const [i, tenant] of data.tenants.entries()) {
      const hashes = await hasher.of(tenant.usuarios ?? []);
      const loadable = opts.check ? opts.check.tenant(tenant as StreamedTenant, i) : tenant;
      await loadTenant(client, loadable, { replace: opts.replace, checkAfter }, hashes, summary, (phase, done) =>
        progress({ phase, done, total: totals[phase], ...(phase === 'proveedores' ? { unit: 'registros' } : {}) }),
      );
      opts.check?.done();
      // The tenant's data changed (CONTRACT §9): readers get new ETags exactly from this commit on.
      await bumpDataVersion(client, tenant.uuid);
    }
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  }
  progress({ phase: 'analizando', done: 0 });
  // Fresh statistics so the first reads after a big import get the right plans. The data is
  // already committed: a failure here must not report the import as failed.
  await analyzeTables(client, opts.connect).catch(() => undefined);
  summary.seconds = (performance.now() - started) / 1000;
  return summary;
}

/**
 * `analyze` of every table the import writes, the largest first, each connection taking the next
 * table when done: with a second connection the two large line tables are sampled at once (one
 * backend per core) instead of one after the other.
 */
async function analyzeTables(client: Client, connect?: () => Promise<Client>): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    `select t as name from unnest($1::text[]) t order by pg_total_relation_size(to_regclass(t)) desc nulls last`,
    [ALL_TABLES],
  );
  const queue = rows.map((r) => r.name);
  const worker = async (c: Client): Promise<void> => {
    for (let table = queue.shift(); table !== undefined; table = queue.shift()) await c.query(`analyze ${table}`);
  };
  const second = connect ? await connect().catch(() => undefined) : undefined;
  try {
    await Promise.all([worker(client), ...(second ? [worker(second)] : [])]);
  } finally {
    await second?.end().catch(() => undefined);
  }
}

export type PhaseProgress = (phase: string, done: number) => void;

/** One tenant written by the plain loaders (a merge creates a tenant absent from the database this way too). */
export async function loadTenant(
  client: Client,
  tenant: LoadableTenant,
  mode: { replace: boolean; checkAfter: boolean },
  hashes: Map<UsuarioInput, string>,
  summary: LoadSummary,
  progress: PhaseProgress,
): Promise<void> {
  const tenantKey = uuidKey(tenant.uuid);
  await prepareTenant(client, tenant, tenantKey, mode.replace);
  await writeSecuencia(client, tenantKey, tenant.nominaElectronica);
  // Parents first (the foreign keys stay on when the session may not skip them): businesses and
  // users, then each context's catalogs, then the streamed payroll and sales.
  await loadPlatformTenantData(client, tenantKey, tenant, hashes);
  const refs = await loadCatalogos(client, tenantKey, tenant);
  await loadProductos(client, tenantKey, tenant);

  const payrollBase = summary.lineasNomina;
  progress('nómina', payrollBase);
  const payroll = await loadPagos({ client, tenantKey, refs, onLines: (n) => progress('nómina', payrollBase + n) }, tenant.pagos ?? []);
  const salesBase = summary.lineasVenta;
  progress('ventas', salesBase);
  const sales = await loadVentas(client, tenantKey, tenant.ventas ?? [], (n) => progress('ventas', salesBase + n));
  progress('proveedores', summary.proveedores);
  const establishments = await loadProveedores(client, tenantKey, tenant.proveedores ?? [], undefined, (n) =>
    progress('proveedores', summary.proveedores + n),
  );
  if (mode.checkAfter) await verifyReferences(client, tenantKey, `${tenant.uuid} (${tenant.nombre})`);

  summary.tenants++;
  summary.usuarios += tenant.usuarios?.length ?? 0;
  summary.empleados += refs.empleados;
  summary.pagos += payroll.pagos;
  summary.pagosEmpleado += payroll.pagosEmpleado;
  summary.lineasNomina += payroll.lineas;
  summary.ventas += sales.ventas;
  summary.lineasVenta += sales.lineas;
  summary.proveedores += establishments;
  progress('proveedores', summary.proveedores);
}

/** All users' hashes (those the file's first pass queued are mostly done). */
export function hashPasswords(tenants: LoadableTenant[], hasher = new PasswordHasher()): Promise<Map<UsuarioInput, string>> {
  return hasher.of(tenants.flatMap((t) => t.usuarios ?? []));
}

/** Line totals for progress, only when the collections are arrays (counting must not consume a generator). */
function countPayrollLines(tenants: LoadableTenant[]): number | undefined {
  let total = 0;
  for (const t of tenants) {
    if (t.pagos === undefined) continue;
    if (!Array.isArray(t.pagos)) return undefined;
    for (const p of t.pagos as PagoStreamInput[]) {
      if (!Array.isArray(p.empleados)) return undefined;
      for (const pe of p.empleados as PagoInput['empleados']) total += pe.detalles.length;
    }
  }
  return total;
}

/** Establishments for progress, only when the suppliers are arrays. */
function countEstablishments(tenants: LoadableTenant[]): number | undefined {
  let total = 0;
  for (const t of tenants) {
    if (t.proveedores === undefined) continue;
    if (!Array.isArray(t.proveedores)) return undefined;
    for (const p of t.proveedores as ProveedorInput[]) total += p.establecimientos.length;
  }
  return total;
}

function countSaleLines(tenants: LoadableTenant[]): number | undefined {
  let total = 0;
  for (const t of tenants) {
    if (t.ventas === undefined) continue;
    if (!Array.isArray(t.ventas)) return undefined;
    for (const v of t.ventas as VentaInput[]) total += v.lineas.length;
  }
  return total;
}
