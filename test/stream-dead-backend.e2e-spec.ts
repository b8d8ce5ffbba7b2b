import { once } from 'node:events';
import { type IncomingMessage, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MikroORM } from '@mikro-orm/core';
import type { PostgreSqlConnection } from '@mikro-orm/postgresql';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Client } from 'pg';
import type { Dataset, VentaInput } from '@nomina-api/importer/dataset.types';
import { createTestApp, login } from './support/test-app';
import { dropDatabase, seedDatabase } from './support/test-database';

// Seeding (an import of 18 000 sale lines, scrypt) takes longer than jest's default 5 s. A stream
// that hangs on its dead backend fails here, by this timeout.
jest.setTimeout(90_000);

/**
 * The backend of a streaming read is killed (pg_terminate_backend from an admin connection) while
 * the response is half sent: the request must end (the client sees the body cut, never a complete
 * looking one), the pooled connection must leave the pool, and the next request must be served.
 * Covers every kind of SqlReader.stream user: the profitability report (CSV and JSON detail), the
 * complete supplier list and a payroll export (the current employees as CSV, which shares its
 * stream with the other payroll exports: StreamEmpleados/Pagos/PagoEmpleados/ConceptosAcumulados).
 */

const DB = 'nomina_test_stream_dead_backend';
const PASSWORD = 'Clave-Segura#2024';
const TENANT = '5d5d5d5d-0000-4000-8000-000000000001';
const NEGOCIO = '5d5d5d5d-1111-4000-8000-000000000001';
const EMAIL = 'stream@corte.co';
// 90,000 report rows (~12 MB of CSV, ~22 MB of JSON): more than the socket buffers hold, as for the suppliers.
const SALES = 30000;
const PRODUCTS = 20;
// ~20 MB of JSON: far more than loopback's socket buffers hold, so the paused response stops the
// cursor mid-way (with 12,000 the whole list could be fetched before the kill).
const SUPPLIERS = 60000;
// ~11 MB of CSV, one bond each.
const EMPLOYEES = 60000;

const hex = (n: number, width = 12): string => n.toString(16).padStart(width, '0');
const product = (i: number): string => `5d5d5d5d-2222-4000-8000-${hex(i)}`;

function ventas(): VentaInput[] {
  return Array.from({ length: SALES }, (_, i) => ({
    uuid: `5d5d5d5d-3333-4000-8000-${hex(i)}`,
    negocio: NEGOCIO,
    fecha: `2024-03-${String(1 + (i % 28)).padStart(2, '0')}T12:00:00.000Z`,
    estado: 'Pagada' as const,
    lineas: [0, 1, 2].map((k) => ({
      producto: product((i + k) % PRODUCTS),
      cantidad: 1 + k,
      precioUnitario: 1000 + k,
      costoPromedio: 600,
    })),
  }));
}

const DATASET: Dataset = {
  tenants: [
    {
      uuid: TENANT,
      nit: '900555001',
      nombre: 'Corte de flujo S.A.S.',
      activo: true,
      negocios: [
        { uuid: NEGOCIO, nombre: 'Tienda', suscripcion: { plan: 'PREMIUM', desde: '2020-01-01T00:00:00Z', hasta: '2099-12-31T23:59:59Z' } },
      ],
      usuarios: [
        {
          uuid: '5d5d5d5d-4444-4000-8000-000000000001',
          email: EMAIL,
          password: PASSWORD,
          nombre: 'Flujo',
          apellido: 'Prueba',
          negocios: [NEGOCIO],
        },
      ],
      tiposCotizante: [{ codigo: '01', descripcion: 'Dependiente' }],
      productos: Array.from({ length: PRODUCTS }, (_, i) => ({
        uuid: product(i),
        negocio: NEGOCIO,
        codigo: `P-${i}`,
        nombre: `Producto ${i}`,
      })),
      ventas: ventas(),
    },
  ],
};

/** Suppliers and employees in SQL: importing this many would take most of the timeout. */
async function addBulkRows(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `insert into proveedor (tenant_id, identificacion, digito_verificacion, tipo_identificacion, razon_social, nombre_comercial)
       select $1, (1000000 + g)::text, '1', 'NIT', 'Proveedor ' || g, 'Comercial ' || g from generate_series(1, ${SUPPLIERS}) g`,
      [TENANT],
    );
    await client.query(
      `insert into proveedor_establecimiento (tenant_id, identificacion, codigo, nombre, direccion, ciudad, telefono, email)
       select tenant_id, identificacion, '001', 'Principal', 'Carrera 1 # 12-34, barrio Centro', 'Bogotá', '6010000000', 'sede@proveedor.co'
         from proveedor where tenant_id = $1`,
      [TENANT],
    );
    await client.query(
      `insert into empleado (tenant_id, id, tipo_documento, identificacion, nombres, apellidos)
       select $1, gen_random_uuid(), 'CC', (20000000 + g)::text, 'Nombre ' || g, 'Apellido Segundo ' || g
         from generate_series(1, ${EMPLOYEES}) g`,
      [TENANT],
    );
    await client.query(
      `insert into vinculacion (tenant_id, id, empleado_id, fecha_ingreso, fecha_retiro, salario_base, salario_integral, tipo_cotizante)
       select tenant_id, gen_random_uuid(), id, date '2020-01-01', null, 1300000, false, '01' from empleado where tenant_id = $1`,
      [TENANT],
    );
    await client.query('analyze proveedor, proveedor_establecimiento, empleado, vinculacion');
  } finally {
    await client.end();
  }
}

describe('a backend killed in the middle of a streamed response (e2e, real socket)', () => {
  let url: string;
  let app: NestFastifyApplication;
  let port: number;
  let token: string;

  /** Pooled connections checked out right now. */
  const used = (): number => (app.get(MikroORM).em.getConnection() as PostgreSqlConnection).getKnex().client.pool.numUsed() as number;

  async function waitFor(condition: () => boolean, what: string): Promise<void> {
    const until = Date.now() + 10000;
    while (!condition()) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /**
   * Each request on a connection of its own (`agent: false`). A kept-alive socket that has just
   * carried a whole body may have grown its kernel receive buffer up to tcp_rmem's maximum (32 MB
   * on the machine measured): reused for the paused request it held 4.7 MB of a 12 MB CSV, where a
   * new socket holds under 1.2 MB, so the cursor could reach its end before the kill and nothing
   * would be cut.
   */
  async function open(path: string): Promise<{ res: IncomingMessage; abort: () => void }> {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent: false, headers: { authorization: `Bearer ${token}` } });
    req.end();
    const [res] = (await once(req, 'response')) as [IncomingMessage];
    return { res, abort: () => req.destroy() };
  }

  /**
   * Kills the service's backends inside a transaction right now (the stream's: running a FETCH, or
   * 'idle in transaction' between two while the response waits on backpressure); returns how many.
   */
  async function killActiveBackends(): Promise<number> {
    const admin = new Client({ connectionString: url });
    await admin.connect();
    try {
      const { rows } = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = 'nomina-read-api' and state in ('active', 'idle in transaction')`,
      );
      return rows.length;
    } finally {
      await admin.end();
    }
  }

  /** Reads the rest of the body; `failure` is the error that ended it, if any. */
  async function readRest(res: IncomingMessage, chunks: Buffer[]): Promise<{ body: string; failure: unknown }> {
    let failure: unknown;
    try {
      for await (const chunk of res) chunks.push(chunk as Buffer);
    } catch (err) {
      failure = err;
    }
    return { body: Buffer.concat(chunks).toString('utf8'), failure };
  }

  /** Opens the stream, lets it stall on backpressure with its cursor open, kills its backend, reads what is left. */
  async function killMidStream(path: string): Promise<{ body: string; failure: unknown }> {
    const { res, abort } = await open(path);
    try {
      expect(res.statusCode).toBe(200);
      res.pause();
      await waitFor(() => used() === 1, 'the streaming request to hold its connection');
      // The connection is checked out a moment before its transaction begins: kill once it has.
      let killed = 0;
      for (const until = Date.now() + 10_000; killed === 0 && Date.now() < until;) {
        killed = await killActiveBackends();
        if (killed === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(killed).toBe(1);
      return await readRest(res, []);
    } finally {
      abort();
    }
  }

  async function fullBody(path: string): Promise<string> {
    const { res } = await open(path);
    expect(res.statusCode).toBe(200);
    const { body, failure } = await readRest(res, []);
    expect(failure).toBeUndefined();
    return body;
  }

  beforeAll(async () => {
    url = await seedDatabase(DB, [DATASET]);
    await addBulkRows(url);
    // Two pooled connections: one that never came back would soon starve the service.
    app = await createTestApp({ DB_POOL_MAX: '2' }, url);
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.getHttpServer().address() as AddressInfo).port;
    token = await login(app, EMAIL, PASSWORD);
  });

  afterAll(async () => {
    await app?.close();
    const adminUrl = process.env.TEST_PG_ADMIN_URL;
    if (adminUrl) await dropDatabase(adminUrl, DB);
  });

  const REPORT = '/reports/reportUtility?dateInitISO=2024-03-01T00:00:00.000Z&dateEndISO=2024-03-31T23:59:59.999Z&groupResult=false';

  it('the detail report as JSON: the body is cut (not valid JSON), the connection leaves the pool, the next report is whole', async () => {
    const whole = await fullBody(REPORT);
    expect(() => JSON.parse(whole)).not.toThrow();
    const { body, failure } = await killMidStream(REPORT);
    expect(failure).toBeDefined();
    expect(body.length).toBeGreaterThan(0);
    expect(body.length).toBeLessThan(whole.length);
    expect(() => JSON.parse(body)).toThrow();
    await waitFor(() => used() === 0, 'the broken connection to leave the pool');
    expect(await fullBody(REPORT)).toBe(whole);
  });

  it('the detail report as CSV: the download is cut (an error, not a short file that looks complete), the service goes on', async () => {
    const whole = await fullBody(`${REPORT}&format=csv`);
    const { body, failure } = await killMidStream(`${REPORT}&format=csv`);
    expect(failure).toBeDefined();
    expect(body.startsWith('\uFEFF')).toBe(true);
    expect(body.length).toBeLessThan(whole.length);
    await waitFor(() => used() === 0, 'the broken connection to leave the pool');
    expect(await fullBody(`${REPORT}&format=csv`)).toBe(whole);
  });

  it('a payroll export (the current employees as CSV): the download is cut, the connection leaves the pool, the next one is whole', async () => {
    const path = '/empleados?format=csv';
    const whole = await fullBody(path);
    // The header, a line per bond, and the empty string after the last CRLF.
    expect(whole.split('\r\n')).toHaveLength(EMPLOYEES + 2);
    const { body, failure } = await killMidStream(path);
    expect(failure).toBeDefined();
    expect(body.startsWith('\uFEFF')).toBe(true);
    expect(body.length).toBeLessThan(whole.length);
    await waitFor(() => used() === 0, 'the broken connection to leave the pool');
    expect(await fullBody(path)).toBe(whole);
  });

  it('the complete supplier list: the array is cut, the next list is whole', async () => {
    const { body, failure } = await killMidStream('/proveedor');
    expect(failure).toBeDefined();
    expect(body.startsWith('[{"identificacion":')).toBe(true);
    expect(body.endsWith(']')).toBe(false);
    await waitFor(() => used() === 0, 'the broken connection to leave the pool');
    expect(JSON.parse(await fullBody('/proveedor'))).toHaveLength(SUPPLIERS);
  });
});
