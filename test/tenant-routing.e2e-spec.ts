import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Client } from 'pg';
import { type PgClient, SqlReader } from '@nomina-api/platform/persistence';
import { ANDINA_USER } from '../scripts/lib/environment';
import { GLOBAL_TABLES } from './support/tenant-tables';
import { createTestApp, get, login } from './support/test-app';

/**
 * Issue #14 (5b): every statement the service runs for a request restricts every tenant table it
 * touches by tenant_id, so under Citus each request is routed to the one shard of its tenant.
 * Statements are recorded where every one of them passes: SqlReader's connection hand-out.
 */
jest.setTimeout(120_000);

interface Recorded {
  text: string;
  route: string;
}

/** Tenant tables in `sql` (FROM/JOIN/UPDATE/INSERT INTO/DELETE FROM) and the name each is referred to by. */
function tenantTableUses(sql: string, tenantTables: string[]): { table: string; alias: string }[] {
  const uses: { table: string; alias: string }[] = [];
  const re = /\b(from|join|update|into)\s+([a-z_][a-z0-9_]*)(?:\s+(?:as\s+)?([a-z_][a-z0-9_]*))?/gi;
  const keywords = new Set([
    'where',
    'on',
    'join',
    'left',
    'right',
    'inner',
    'cross',
    'group',
    'order',
    'limit',
    'set',
    'values',
    'using',
    'lateral',
    'natural',
    'full',
    'returning',
    'union',
    'select',
    'having',
    'offset',
    'window',
    'for',
    'as',
  ]);
  for (let m = re.exec(sql); m; m = re.exec(sql)) {
    const table = m[2].toLowerCase();
    if (!tenantTables.includes(table)) continue;
    const alias = m[3] && !keywords.has(m[3].toLowerCase()) ? m[3].toLowerCase() : table;
    uses.push({ table, alias });
  }
  return uses;
}

/** True when `alias.tenant_id` (or a bare tenant_id for an unaliased single table) is compared with something. */
function restrictedByTenant(sql: string, alias: string, table: string): boolean {
  const col = alias === table ? `(?:${alias}\\.)?tenant_id` : `${alias}\\.tenant_id`;
  const cmp = new RegExp(`(\\b${col}\\s*(=|in\\b|=\\s*any)|=\\s*${col}\\b)`, 'i');
  // INSERT carries tenant_id as a column of the row.
  const insert = new RegExp(`insert\\s+into\\s+${table}\\s*(?:as\\s+\\w+\\s*)?\\([^)]*\\btenant_id\\b`, 'i');
  return cmp.test(sql) || insert.test(sql);
}

describe('every statement is routable to one tenant (e2e)', () => {
  let app: NestFastifyApplication;
  let tenantTables: string[];
  const recorded: Recorded[] = [];

  beforeAll(async () => {
    const db = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await db.connect();
    tenantTables = (
      await db.query<{ t: string }>(
        `select c.relname as t from pg_class c join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id'
          where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm') and c.relname <> all ($1)`,
        [GLOBAL_TABLES],
      )
    ).rows.map((r) => r.t);
    await db.end();
    // SqlReader.acquire/release are where every connection is handed out and given back.
    type Pooling = { acquire(route?: unknown): Promise<PgClient>; release(client: PgClient, route?: unknown): Promise<void> };
    const proto = SqlReader.prototype as unknown as Pooling;
    const { acquire, release } = proto;
    const real = new WeakMap<object, PgClient>();
    jest.spyOn(proto, 'acquire').mockImplementation(async function (this: Pooling, route?: unknown) {
      const client = await acquire.call(this, route);
      const recording = new Proxy(client, {
        get(target, prop) {
          if (prop !== 'query') return Reflect.get(target, prop, target);
          return (q: unknown, values?: unknown[]) => {
            // Plain SQL, a prepared statement's config ({ name, text, values }) or a cursor.
            const text = typeof q === 'string' ? q : ((q as { text?: string }).text ?? (q as { cursor?: { text: string } }).cursor?.text);
            if (text) recorded.push({ text, route: typeof route === 'string' ? route : 'replica' });
            return (target.query as (a: unknown, b?: unknown[]) => unknown).call(target, q, values);
          };
        },
      });
      real.set(recording, client);
      return recording;
    });
    jest.spyOn(proto, 'release').mockImplementation(function (this: Pooling, client: PgClient, route?: unknown) {
      return release.call(this, real.get(client) ?? client, route);
    });
    app = await createTestApp({ PRINCIPAL_CACHE_TTL_MS: '0' });
  });
  afterAll(async () => {
    // Close first: a stream's connection may come back after its response, through the spy's release.
    await app?.close();
    jest.restoreAllMocks();
  });

  it('records every operation and finds tenant_id on every tenant table of every statement', async () => {
    const token = await login(app, ANDINA_USER.email, ANDINA_USER.password);
    const ok = async (path: string): Promise<any> => {
      const res = await get(app, path, token);
      expect([path, res.status]).toEqual([path, 200]);
      return res.headers['content-type']?.toString().includes('json') ? res.json() : res.body;
    };
    const pagos = await ok('/pagos?params%5Bestados%5D=PG,PP&size=3');
    await ok('/pagos?params%5Bestados%5D=PG,PP&size=3&filter=perez&sort=descripcion,asc');
    await ok('/pagos?params%5Bestados%5D=PG&size=0');
    const pago = pagos.contenido[0].uuid;
    const slips = await ok(`/pagoEmpleados?params%5Bpago%5D=${pago}&size=2&filter=a`);
    await ok(`/pagoEmpleadoDetalles/${slips.contenido[0].uuid}`);
    await ok(`/pagoEmpleadoDetalles/detallePago/${pago}`);
    await ok('/pagoEmpleadoDetalles/conceptosacumulados/2023-01-01/2023-12-31/false');
    await ok('/pagoEmpleadoDetalles/conceptosacumulados/2023-01-01/2023-12-31/true');
    const empleados = await ok('/empleados?size=2');
    await ok(`/empleados/${empleados.contenido[0].tipoDocumento}/${empleados.contenido[0].identificacion}`);
    await ok(`/empleados/${empleados.contenido[0].empleadoUuid}`);
    await ok(`/pagos/${pago}`);
    await ok(`/pagoEmpleados/${empleados.contenido[0].empleadoUuid}/historialPagos?size=3&filter=a&params%5Bestados%5D=PG`);
    await ok(`/pagoEmpleados/${empleados.contenido[0].empleadoUuid}/historialPagos?format=csv`);
    for (const porContacto of ['false', 'true']) {
      // A calendar year (rollup) with partial years at both ends (lines).
      await ok(`/pagoEmpleadoDetalles/conceptosacumulados/2022-06-01/2024-01-15/true/${porContacto}`);
    }
    await ok('/reports/reportSalesByProduct?dateInitISO=2000-01-01T00:00:00.000Z&dateEndISO=2099-12-31T23:59:59.999Z&allBusiness=true');
    await ok('/reports/reportSalesByCategory?dateInitISO=2000-01-01T00:00:00.000Z&dateEndISO=2099-12-31T23:59:59.999Z&allBusiness=true');
    await ok('/pagos/nominaelectronica/2023/3');
    const vinculados = await ok('/vinculados');
    await ok('/vinculados?size=2&filter=a&sort=salarioBase,desc');
    await ok('/vinculados/desvinculados?format=csv');
    await ok(`/vinculados/${vinculados.contenido[0].uuid}`);
    await ok(`/vinculados/empleado/${vinculados.contenido[0].empleadoUuid}`);
    await ok(`/vinculados/integracion/empleado/${vinculados.contenido[0].tipoDocumento}/${vinculados.contenido[0].idEmpleado}`);
    await ok('/vinculados/tiposCotizante');
    const grupos = await ok('/gruposPagos?filter=a&sort=numeroPagos,desc');
    await ok('/gruposPagos?format=csv');
    await ok(`/gruposPagos/${grupos.contenido[0].uuid}`);
    await ok('/gruposPagos/listagrupos');
    await ok('/conceptos');
    await ok('/reports/reportUtility?dateInitISO=2000-01-01T00:00:00.000Z&dateEndISO=2099-12-31T23:59:59.999Z');
    await ok('/reports/reportUtility?dateInitISO=2000-01-01T00:00:00.000Z&dateEndISO=2099-12-31T23:59:59.999Z&groupResult=true');
    const proveedores = await ok('/proveedor');
    const first = Array.isArray(proveedores) ? proveedores[0] : (proveedores.contenido?.[0] ?? proveedores.data?.[0]);
    if (first?.identificacion) await ok(`/proveedor/${first.identificacion}`);

    const statements = recorded.filter((r) => !/^\s*(begin|commit|rollback|set |select 1\b)/i.test(r.text));
    expect(statements.length).toBeGreaterThan(15);
    const unrouted: string[] = [];
    let checked = 0;
    for (const { text } of statements) {
      const sql = text.replace(/\s+/g, ' ');
      for (const { table, alias } of tenantTableUses(sql, tenantTables)) {
        checked++;
        if (!restrictedByTenant(sql, alias, table)) unrouted.push(`${table} AS ${alias}: ${sql.slice(0, 200)}`);
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(unrouted).toEqual([]);
  });

  it('the parser sees a missing tenant_id', () => {
    const tables = ['pago', 'empleado'];
    const bad = 'select p.id from pago p join empleado e on e.id = p.empleado_id where p.tenant_id = $1';
    const uses = tenantTableUses(bad, tables);
    expect(uses).toEqual([
      { table: 'pago', alias: 'p' },
      { table: 'empleado', alias: 'e' },
    ]);
    expect(uses.map((u) => restrictedByTenant(bad, u.alias, u.table))).toEqual([true, false]);
    const good = 'select p.id from pago p join empleado e on e.tenant_id = p.tenant_id and e.id = p.empleado_id where p.tenant_id = $1';
    expect(tenantTableUses(good, tables).every((u) => restrictedByTenant(good, u.alias, u.table))).toBe(true);
  });
});
