/**
 * `node tools/run-ts.js scripts/rls.ts [--rounds 10] [--seconds 3] [--loops 300]`: a measured
 * prototype of PostgreSQL row-level security as a second wall behind the explicit
 * `tenant_id = $1` filters (docs/RELIABILITY.md, "Row-level security").
 *
 * On a database of its own (embedded PostgreSQL in /tmp/nomina-rls-data; example + demo datasets):
 *  - every table with a tenant_id column (and `tenant` by id) gets ENABLE + FORCE ROW LEVEL
 *    SECURITY and a policy `tenant_id = current_setting('app.tenant_id')`; the tables are owned by
 *    a NOLOGIN role; the service connects as `nomina_app`, which owns nothing;
 *  - the wall is checked: no tenant set → no rows; another tenant's rows invisible; writing one
 *    refused; the owner is filtered too (FORCE);
 *  - the cost is measured in ONE run, interleaved: the app as it is (owner connection, explicit
 *    filters only) against the app whose SqlReader runs every query as
 *    `BEGIN; SELECT set_config('app.tenant_id', $1, true); <query>; COMMIT` as nomina_app
 *    (HTTP with autocannon on three endpoints, rounds paired back to back, median of the ratios),
 *    and the same two paths in loops through the SqlReader; then, on dedicated connections, the
 *    policy alone (tenant set once per session) and the per-transaction protocol.
 * Prints the figures and whether the slowdown is within 10 %.
 */
import { Client } from 'pg';
import { sign } from 'jsonwebtoken';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { generateDataset, materializeDataset } from '@nomina-api/importer/demo/generate-dataset';
import { DETALLE_PAGO_SQL, GET_EMPLEADO_SQL } from '@nomina-api/nomina/testing';
import { type PgClient, SqlReader } from '@nomina-api/platform/persistence';
import {
  databaseUrl,
  exampleDataset,
  freshDatabase,
  log,
  percentile,
  runScript,
  SCRIPT_JWT_SECRET,
  startApp,
  startCluster,
} from './lib/environment';
import { startLoad } from './lib/load';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

const DB = 'reliability_rls';
const APP_ROLE = 'nomina_app';
const APP_PASSWORD = 'rls-prototype-password';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TENANT_SETTING = `nullif(current_setting('app.tenant_id', true), '')::uuid`;

/** The DDL of the second wall. login_directory stays global: login reads it before any tenant is known. */
async function installRls(admin: Client): Promise<string[]> {
  const { rows } = await admin.query<{ table_name: string }>(
    `select table_name from information_schema.columns
      where table_schema = 'public' and column_name = 'tenant_id' and table_name <> 'login_directory'
      order by 1`,
  );
  const tables = rows.map((r) => r.table_name);
  await admin.query(`do $$ begin
      if not exists (select 1 from pg_roles where rolname = 'nomina_owner') then create role nomina_owner nologin; end if;
      if not exists (select 1 from pg_roles where rolname = '${APP_ROLE}') then create role ${APP_ROLE} login password '${APP_PASSWORD}'; end if;
    end $$`);
  const { rows: all } = await admin.query<{ tablename: string }>(`select tablename from pg_tables where schemaname = 'public'`);
  for (const { tablename } of all) await admin.query(`alter table "${tablename}" owner to nomina_owner`);
  await admin.query(`grant usage on schema public to ${APP_ROLE}`);
  await admin.query(`grant select, insert, update, delete on all tables in schema public to ${APP_ROLE}`);
  for (const t of [...tables, 'tenant']) {
    const column = t === 'tenant' ? 'id' : 'tenant_id';
    await admin.query(`alter table "${t}" enable row level security`);
    await admin.query(`alter table "${t}" force row level security`);
    await admin.query(`drop policy if exists tenant_isolation on "${t}"`);
    await admin.query(
      `create policy tenant_isolation on "${t}" using (${column} = ${TENANT_SETTING}) with check (${column} = ${TENANT_SETTING})`,
    );
  }
  return [...tables, 'tenant'];
}

/** The second wall, checked from the app's role and from the owner. */
async function checkWall(appUrl: string, adminUrl: string, andina: string, pacifico: string): Promise<string[]> {
  const lines: string[] = [];
  const app = new Client({ connectionString: appUrl });
  await app.connect();
  try {
    const count = async (): Promise<number> => Number((await app.query('select count(*) as n from pago')).rows[0].n);
    lines.push(`no tenant set → pago rows visible: ${await count()}`);
    await app.query('begin');
    await app.query(`select set_config('app.tenant_id', $1, true)`, [pacifico]);
    const own = await count();
    const foreign = Number((await app.query('select count(*) as n from pago where tenant_id = $1', [andina])).rows[0].n);
    let refused = '';
    try {
      await app.query(`update pago set descripcion = descripcion where tenant_id = $1`, [andina]);
      refused = `update of another tenant's rows touched ${(await app.query('select 1')).rowCount === 1 ? 0 : '?'} rows (filtered by USING)`;
      await app.query(`insert into tipo_cotizante (tenant_id, codigo, descripcion) values ($1, 'ZZ', 'x')`, [andina]);
      refused += '; insert for another tenant ACCEPTED (bad)';
    } catch (err) {
      refused += `; insert for another tenant refused: ${(err as Error).message}`;
    }
    await app.query('rollback');
    lines.push(`tenant Pacífico set → its own pago rows: ${own}; Andina's rows asked for explicitly: ${foreign}; ${refused}`);
  } finally {
    await app.end();
  }
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('begin');
    await admin.query('set local role nomina_owner');
    lines.push(
      `table owner (FORCE ROW LEVEL SECURITY), no tenant set → pago rows visible: ${(await admin.query('select count(*) as n from pago')).rows[0].n}`,
    );
    await admin.query('rollback');
  } finally {
    await admin.end();
  }
  return lines;
}

/** The RLS path of the prototype: every tenant query in its own transaction with the tenant set. */
function wireRls(app: NestFastifyApplication): void {
  const reader = app.get(SqlReader);
  const plain = reader.query.bind(reader);
  reader.query = async <R>(text: string, values: readonly unknown[] = []): Promise<R[]> => {
    const tenant = values[0];
    if (typeof tenant !== 'string' || !UUID.test(tenant)) return plain<R>(text, values);
    return reader.transaction(async (client: PgClient) => {
      await client.query(`select set_config('app.tenant_id', $1, true)`, [tenant]);
      return (await client.query<R>(text, [...values])).rows;
    });
  };
}

interface Measure {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

async function main(): Promise<number> {
  const rounds = arg('rounds', 10);
  const seconds = arg('seconds', 3);
  const loops = arg('loops', 300);
  const cluster = await startCluster(process.env.RLS_DATA_DIR ?? '/tmp/nomina-rls-data');
  try {
    log('Loading the example and demo datasets...');
    const ownerUrl = await freshDatabase(cluster.adminUrl, DB, [exampleDataset(), materializeDataset(generateDataset({ scale: 'demo' }))]);
    const admin = new Client({ connectionString: ownerUrl });
    await admin.connect();
    const tables = await installRls(admin);
    const demo = await admin.query<{ tenant_id: string; id: string; negocio_id: string }>(
      `select u.tenant_id, u.id, un.negocio_id from usuario u join usuario_negocio un on un.tenant_id = u.tenant_id and un.usuario_id = u.id
        join tenant t on t.id = u.tenant_id where t.activo and u.activo
        order by (select count(*) from pago_empleado pe where pe.tenant_id = u.tenant_id) desc limit 1`,
    );
    const probe = await admin.query<{ pago: string; tipo: string; doc: string }>(
      `select (select id::text from pago where tenant_id = $1 order by (select count(*) from pago_empleado pe where pe.tenant_id = $1 and pe.pago_id = pago.id) desc limit 1) as pago,
              (select tipo_documento from empleado where tenant_id = $1 limit 1) as tipo,
              (select identificacion from empleado where tenant_id = $1 limit 1) as doc`,
      [demo.rows[0].tenant_id],
    );
    await admin.end();
    const { tenant_id: tenant, id: user, negocio_id: business } = demo.rows[0];
    const appUrl = (() => {
      const u = new URL(databaseUrl(cluster.adminUrl, DB));
      u.username = APP_ROLE;
      u.password = APP_PASSWORD;
      return u.toString();
    })();

    const wall = await checkWall(appUrl, ownerUrl, '0ee9a9bb-2b87-43f0-82f5-d431917734f8', 'eefc7a24-ca77-4617-a19b-5632192302e1');
    process.stdout.write(
      `\nRLS installed on ${tables.length} tables (ENABLE + FORCE, policy tenant_id = current_setting('app.tenant_id')):\n  ${wall.join('\n  ')}\n`,
    );

    // The two apps: as it is (superuser owner connection: RLS bypassed), and the RLS prototype.
    const overrides = { PRINCIPAL_CACHE_TTL_MS: '5000', DB_POOL_MAX: '10', LOGIN_RATE_LIMIT: '0' };
    const plainApp = await startApp(ownerUrl, overrides, true);
    const rlsApp = await startApp(appUrl, overrides, true);
    wireRls(rlsApp.app);
    const token = sign({ tid: tenant, bid: business }, SCRIPT_JWT_SECRET, {
      algorithm: 'HS256',
      subject: user,
      issuer: 'nomina-read-api',
      audience: 'nomina-read-api',
      expiresIn: 3600,
    });
    const headers = { authorization: `Bearer ${token}` };
    const endpoints = [
      `/empleados?size=20`,
      `/pagos?params%5Bestados%5D=PG,PP,EP,PA,RE&size=20`,
      `/pagoEmpleados?params%5Bpago%5D=${probe.rows[0].pago}&size=50`,
    ];
    // Same answers from both (the prototype is transparent for a tenant's own data).
    for (const path of endpoints) {
      const [a, b] = await Promise.all([
        plainApp.app.inject({ method: 'GET', url: path, headers }),
        rlsApp.app.inject({ method: 'GET', url: path, headers }),
      ]);
      if (a.statusCode !== 200 || a.body !== b.body) throw new Error(`${path}: the two apps disagree (${a.statusCode}/${b.statusCode})`);
    }

    const http: Record<'plain' | 'rls', Measure[]> = { plain: [], rls: [] };
    for (let r = 0; r < rounds; r++) {
      for (const variant of r % 2 === 0 ? (['plain', 'rls'] as const) : (['rls', 'plain'] as const)) {
        const base = variant === 'plain' ? plainApp.base : rlsApp.base;
        const load = startLoad(
          base,
          endpoints.map((path) => ({ method: 'GET', path, headers })),
          { connections: 8, durationS: seconds },
        );
        const result = await load.done;
        const ms = load.samples.map((s) => s.ms);
        http[variant].push({ rps: result.requests.average, p50: percentile(ms, 50), p99: percentile(ms, 99), non2xx: result.non2xx });
        log(
          `round ${r + 1} ${variant}: ${result.requests.average.toFixed(0)} req/s, p50 ${percentile(ms, 50)} ms, p99 ${percentile(ms, 99)} ms, non-2xx ${result.non2xx}`,
        );
      }
    }

    // Loops through the SqlReader (the pool, as the handlers use it): plain vs per-transaction tenant.
    // Then, on three dedicated connections, what the database itself pays: plain (owner), the
    // policy alone (tenant set once per session) and the per-transaction protocol.
    const plainReader = plainApp.app.get(SqlReader);
    const rlsReader = rlsApp.app.get(SqlReader);
    const statements: [string, string, unknown[]][] = [
      ['get-empleado', GET_EMPLEADO_SQL.text, [tenant, probe.rows[0].tipo, probe.rows[0].doc]],
      ['detalle-pago', DETALLE_PAGO_SQL.text, [tenant, probe.rows[0].pago]],
    ];
    const owner = new Client({ connectionString: ownerUrl });
    const session = new Client({ connectionString: appUrl });
    const perTx = new Client({ connectionString: appUrl });
    await Promise.all([owner.connect(), session.connect(), perTx.connect()]);
    await session.query(`select set_config('app.tenant_id', $1, false)`, [tenant]);
    const loopsOut: string[] = [];
    const med = (v: number[]): number => percentile(v, 50);
    const timed = async (into: number[], fn: () => Promise<unknown>): Promise<void> => {
      const t0 = performance.now();
      await fn();
      into.push(performance.now() - t0);
    };
    for (const [name, text, values] of statements) {
      const t = { plain: [] as number[], rls: [] as number[], rawPlain: [] as number[], rawPolicy: [] as number[], rawTx: [] as number[] };
      for (let i = 0; i < loops; i++) {
        await timed(t.plain, () => plainReader.query(text, values));
        await timed(t.rls, () => rlsReader.query(text, values));
        await timed(t.rawPlain, () => owner.query(text, values));
        await timed(t.rawPolicy, () => session.query(text, values));
        await timed(t.rawTx, async () => {
          await perTx.query('begin');
          await perTx.query(`select set_config('app.tenant_id', $1, true)`, [tenant]);
          await perTx.query(text, values);
          await perTx.query('commit');
        });
      }
      loopsOut.push(
        `${name} through the SqlReader: median ${med(t.plain).toFixed(3)} ms plain, ${med(t.rls).toFixed(3)} ms with BEGIN/set_config/COMMIT (${pct(med(t.rls), med(t.plain))})`,
        `${name} on one connection: ${med(t.rawPlain).toFixed(3)} ms plain, ${med(t.rawPolicy).toFixed(3)} ms policy only (${pct(med(t.rawPolicy), med(t.rawPlain))}), ` +
          `${med(t.rawTx).toFixed(3)} ms per-transaction tenant (${pct(med(t.rawTx), med(t.rawPlain))})`,
      );
    }
    await Promise.all([owner.end(), session.end(), perTx.end()]);
    await plainApp.app.close();
    await rlsApp.app.close();

    const mean = (v: Measure[], k: keyof Measure): number => v.reduce((s, m) => s + m[k], 0) / v.length;
    // The machine is shared: each round pairs the two variants back to back (order alternating);
    // the median of the per-round ratios is robust to load that changes between rounds.
    const ratios = http.rls.map((m, i) => m.rps / http.plain[i].rps).sort((a, b) => a - b);
    const medianRatio =
      ratios.length % 2 ? ratios[(ratios.length - 1) / 2] : (ratios[ratios.length / 2 - 1] + ratios[ratios.length / 2]) / 2;
    const slowdown = 1 - medianRatio;
    process.stdout.write(
      [
        '',
        `HTTP, autocannon, 8 connections, ${rounds} interleaved rounds of ${seconds} s per variant, endpoints ${endpoints.map((e) => e.split('?')[0]).join(', ')}:`,
        `  plain (explicit filters only): ${mean(http.plain, 'rps').toFixed(0)} req/s, p50 ${mean(http.plain, 'p50').toFixed(1)} ms, p99 ${mean(http.plain, 'p99').toFixed(1)} ms (rounds: ${http.plain.map((m) => m.rps.toFixed(0)).join(', ')})`,
        `  RLS (nomina_app, tenant per transaction): ${mean(http.rls, 'rps').toFixed(0)} req/s, p50 ${mean(http.rls, 'p50').toFixed(1)} ms, p99 ${mean(http.rls, 'p99').toFixed(1)} ms (rounds: ${http.rls.map((m) => m.rps.toFixed(0)).join(', ')})`,
        `  per-round throughput ratio RLS/plain: ${ratios.map((r) => r.toFixed(2)).join(', ')}`,
        `  throughput change with RLS (median of the paired rounds): ${(-slowdown * 100).toFixed(1)} %  → ${slowdown <= 0.1 ? 'within' : 'BEYOND'} the 10 % budget`,
        `SqlReader loops (${loops} iterations each, interleaved):`,
        ...loopsOut.map((l) => `  ${l}`),
        '',
      ].join('\n'),
    );
    return 0;
  } finally {
    await cluster.release();
  }
}

function pct(a: number, b: number): string {
  const d = (a / b - 1) * 100;
  return `${d >= 0 ? '+' : ''}${d.toFixed(1)} %`;
}

runScript(main);
