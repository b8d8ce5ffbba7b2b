import type { Client } from 'pg';
import {
  loadCatalogos,
  loadPagos,
  mergeCatalogos,
  mergeEmpleados,
  mergePagos,
  removeEmpleados,
  stageNomina,
} from '@nomina-api/nomina/persistence';
import {
  bumpDataVersion,
  changed,
  type Changes,
  findPasswordHashes,
  loadPlatformTenantData,
  type MergeContext,
  mergeNegocios,
  mergeUsuarios,
  noChanges,
  STAGED,
  stagePlatform,
  type UsuarioInput,
  uuidKey,
  verifyPassword,
} from '@nomina-api/platform/bulk';
import { loadProveedores, mergeProveedores, stageProveedores } from '@nomina-api/proveedores/persistence';
import { loadProductos, loadVentas, mergeProductos, mergeVentas, stageReportes } from '@nomina-api/reportes/persistence';
import { PasswordHasher } from '../password-hasher';
import { emptySummary, hashPasswords, type LoadableTenant, type LoadProgress, type LoadSummary, loadTenant } from '../load-dataset';
import type { ImportProblem } from '../problems';
import type { DatasetRead } from '../stream/read-dataset';
import { lockTenants, mergeTenantRow } from '../tenant-row';
import type { StoredTenant } from './stored-check';

/**
 * `npm run import -- <file> --merge [--dry-run]` (CONTRACT §6): the file's tenants applied on top
 * of what is stored, in one transaction. Each tenant's lock is taken first (a merge or a replace of
 * the same tenant waits), then the file is checked together with the stored rows it names, then
 * each context stages the file's rows of its tables and writes what differs (its persistence/
 * merge-*.ts), parents before children: platform's businesses and users, nómina's catalogs,
 * employees and payments (rollup rows rebuilt for what changed), reportes' products and sales
 * (rollups by delta), suppliers. The data version moves only for a tenant that changed; the
 * e-payroll sequence is never written. A tenant absent from the database is created by the plain
 * loaders. A dry run does all of it but the writes, and rolls back.
 */

export type MergeKind =
  | 'tenant'
  | 'negocios'
  | 'usuarios'
  | 'tiposCotizante'
  | 'conceptos'
  | 'gruposPago'
  | 'empleados'
  | 'pagos'
  | 'categorias'
  | 'productos'
  | 'ventas'
  | 'proveedores';

export interface TenantMerge {
  uuid: string;
  nombre: string;
  /** Absent from the database: created as by a plain import (`created` holds what was loaded). */
  nuevo: boolean;
  changes: Record<MergeKind, Changes>;
  /** For a tenant created by the plain loaders (not in a dry run). */
  created?: LoadSummary;
}

export interface MergeResult {
  /** Problems of the file against the stored data: nothing was written. */
  problems: ImportProblem[];
  tenants: TenantMerge[];
  seconds: number;
}

export interface MergeOptions {
  dryRun: boolean;
  onProgress?: (progress: LoadProgress) => void;
  /** Called once the file and the stored data agree, before anything is written. */
  onValid?: () => void;
  /** The users' hashes, started while the file was read. */
  hasher?: PasswordHasher;
}

const KINDS: MergeKind[] = [
  'tenant',
  'negocios',
  'usuarios',
  'tiposCotizante',
  'conceptos',
  'gruposPago',
  'empleados',
  'pagos',
  'categorias',
  'productos',
  'ventas',
  'proveedores',
];

export const tenantChanged = (t: TenantMerge): boolean => t.nuevo || KINDS.some((k) => changed(t.changes[k]));

/** Merges a file read by readDatasetFile (its first pass without problems) on a connected, idle client; leaves it idle. */
export async function mergeDataset(client: Client, read: DatasetRead, opts: MergeOptions): Promise<MergeResult> {
  const started = performance.now();
  const progress = opts.onProgress ?? (() => undefined);
  const tenants = read.dataset.tenants as LoadableTenant[];
  progress({ phase: 'preparando', done: 0 });
  // A file with problems is only checked (its users may not even have a password to hash).
  const hashes = read.problems.length ? new Map<UsuarioInput, string>() : await hashPasswords(tenants, opts.hasher);
  await client.query('begin');
  try {
    await compressPageImages(client);
    await lockTenants(
      client,
      tenants.map((t) => uuidKey(t.uuid)),
    );
    const checked = await read.checkReferences({ client });
    if (checked.problems.length) {
      await client.query('rollback');
      return { problems: checked.problems, tenants: [], seconds: (performance.now() - started) / 1000 };
    }
    opts.onValid?.();
    const results: TenantMerge[] = [];
    for (let i = 0; i < tenants.length; i++) {
      const result = await mergeTenant(client, tenants[i], checked.stored[i], hashes, opts.dryRun, progress);
      // The tenant's data changed (CONTRACT §9): new ETags from this commit on, and only then.
      if (!opts.dryRun && tenantChanged(result)) await bumpDataVersion(client, uuidKey(tenants[i].uuid));
      results.push(result);
    }
    await client.query(opts.dryRun ? 'rollback' : 'commit');
    return { problems: [], tenants: results, seconds: (performance.now() - started) / 1000 };
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  }
}

/**
 * A merge writes rows at random pages of large indexes (payslips' uuids, bonds, employees), and the
 * first change of each page after a checkpoint logs the whole page: most of a one-payment merge's
 * WAL. pglz halves those images (measured: 5.7 → 2.8 MB for a payment of 500 payslips), so the merge
 * turns it on for its own transaction when the server has no compression set and the role may set
 * it (a superuser, such as the embedded server's, or `GRANT SET ON PARAMETER wal_compression`);
 * otherwise it goes on without. Not server-wide: the same setting slowed a plain import's COPY by a
 * third (docs/OPERATIONS.md).
 */
async function compressPageImages(client: Client): Promise<void> {
  await client.query(`
    do $$ begin
      if current_setting('wal_compression') = 'off' then perform set_config('wal_compression', 'pglz', true); end if;
    exception when insufficient_privilege then null;
    end $$`);
}

async function mergeTenant(
  client: Client,
  tenant: LoadableTenant,
  stored: StoredTenant,
  hashes: Map<UsuarioInput, string>,
  dryRun: boolean,
  progress: (p: LoadProgress) => void,
): Promise<TenantMerge> {
  const tenantKey = uuidKey(tenant.uuid);
  const changes = Object.fromEntries(KINDS.map((k) => [k, noChanges()])) as Record<MergeKind, Changes>;
  const result: TenantMerge = { uuid: tenant.uuid, nombre: tenant.nombre, nuevo: !stored.exists, changes };
  if (!stored.exists && !dryRun) {
    const summary = emptySummary();
    await loadTenant(client, tenant, { replace: false, checkAfter: false }, hashes, summary, (phase, done) => progress({ phase, done }));
    result.created = summary;
    return result;
  }
  const ctx: MergeContext = { client, tenantKey, dryRun };
  if (stored.exists) changes.tenant = await mergeTenantRow(ctx, tenant);
  else changes.tenant.insertados = 1;

  const eliminar = tenant.eliminar ?? {};
  // A context the file names nothing of is skipped: no staging, no comparison (a payroll feed touches nómina only).
  const names = (...lists: unknown[]): boolean => lists.some((l) => l !== undefined && !(Array.isArray(l) && !l.length));
  if (names(tenant.negocios, tenant.usuarios)) await mergePlatform(ctx, tenant, stored, hashes, changes);
  if (names(tenant.tiposCotizante, tenant.conceptos, tenant.gruposPago, tenant.empleados, tenant.pagos, eliminar.pagos, eliminar.empleados))
    await mergeNomina(ctx, tenant, stored, changes, progress);
  if (names(tenant.categorias, tenant.productos, tenant.ventas, eliminar.ventas)) await mergeReportes(ctx, tenant, changes, progress);
  if (names(tenant.proveedores, eliminar.proveedores)) {
    await stageProveedores(ctx);
    await loadProveedores(client, tenantKey, tenant.proveedores ?? [], STAGED);
    changes.proveedores = await mergeProveedores(ctx, eliminar.proveedores ?? []);
  }
  return result;
}

async function mergePlatform(
  ctx: MergeContext,
  tenant: LoadableTenant,
  stored: StoredTenant,
  hashes: Map<UsuarioInput, string>,
  changes: Record<MergeKind, Changes>,
): Promise<void> {
  const { client, tenantKey } = ctx;
  await stagePlatform(ctx);
  await loadPlatformTenantData(client, tenantKey, tenant, await keepStoredHashes(client, tenantKey, tenant.usuarios ?? [], hashes), STAGED);
  changes.negocios = await mergeNegocios(ctx);
  changes.usuarios = await mergeUsuarios(ctx);
}

async function mergeNomina(
  ctx: MergeContext,
  tenant: LoadableTenant,
  stored: StoredTenant,
  changes: Record<MergeKind, Changes>,
  progress: (p: LoadProgress) => void,
): Promise<void> {
  const { client, tenantKey } = ctx;
  const eliminar = tenant.eliminar ?? {};
  await stageNomina(ctx);
  const refs = await loadCatalogos(client, tenantKey, tenant, STAGED);
  // Payslips and lines may use stored bonds and concepts (the validation found them).
  refs.vinculaciones.addAll(stored.vinculaciones);
  for (const [codigo, c] of stored.conceptos) {
    if (!refs.conceptos.has(codigo)) refs.conceptos.set(codigo, { index: refs.conceptos.size, ...c });
  }
  const catalogos = await mergeCatalogos(ctx);
  changes.tiposCotizante = catalogos.tiposCotizante;
  changes.conceptos = catalogos.conceptos;
  changes.gruposPago = catalogos.gruposPago;
  changes.empleados = await mergeEmpleados(ctx);
  await loadPagos(
    { client, tenantKey, refs, onLines: (n) => progress({ phase: 'nómina', done: n }), into: STAGED, rollup: false },
    tenant.pagos ?? [],
  );
  changes.pagos = await mergePagos(ctx, (eliminar.pagos ?? []).map(uuidKey), catalogos.recalcular);
  changes.empleados.eliminados = (await removeEmpleados(ctx, (eliminar.empleados ?? []).map(uuidKey))).eliminados;
}

async function mergeReportes(
  ctx: MergeContext,
  tenant: LoadableTenant,
  changes: Record<MergeKind, Changes>,
  progress: (p: LoadProgress) => void,
): Promise<void> {
  const { client, tenantKey } = ctx;
  await stageReportes(ctx);
  await loadProductos(client, tenantKey, tenant, STAGED);
  const productos = await mergeProductos(ctx);
  changes.categorias = productos.categorias;
  changes.productos = productos.productos;
  await loadVentas(client, tenantKey, tenant.ventas ?? [], (n) => progress({ phase: 'ventas', done: n }), { into: STAGED, rollup: false });
  changes.ventas = await mergeVentas(ctx, (tenant.eliminar?.ventas ?? []).map(uuidKey));
}

/**
 * The hashes to stage: a user whose file password still verifies against the stored hash keeps that
 * hash (a fresh salt would make every merge "change" every user).
 */
async function keepStoredHashes(
  client: Client,
  tenantKey: string,
  usuarios: UsuarioInput[],
  hashes: Map<UsuarioInput, string>,
): Promise<Map<UsuarioInput, string>> {
  if (!usuarios.length) return hashes;
  const stored = await findPasswordHashes(
    client,
    tenantKey,
    usuarios.map((u) => uuidKey(u.uuid)),
  );
  const kept = new Map(hashes);
  await Promise.all(
    usuarios.map(async (u) => {
      const hash = stored.get(uuidKey(u.uuid));
      if (hash && (await verifyPassword(u.password, hash))) kept.set(u, hash);
    }),
  );
  return kept;
}
