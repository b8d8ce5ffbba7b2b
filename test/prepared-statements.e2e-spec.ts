import { DETALLE_PAGO_SQL, GET_EMPLEADO_SQL, PAGO_EMPLEADO_DETALLES_SQL } from '@nomina-api/nomina/testing';
import { SqlReader } from '@nomina-api/platform/persistence';
import { createTestApp, get, login } from './support/test-app';

/**
 * The hot lookups run as named prepared statements on a real PostgreSQL: with one pooled
 * connection, every lookup a request made is in that session's pg_prepared_statements, planned
 * once and then executed again. With DB_PREPARED_STATEMENTS=false (PgBouncer in transaction mode
 * without prepared-statement support) nothing is prepared, and every answer is the same bytes.
 */
const ANA = { email: 'ana.gomez@andina.example.co', password: 'a9jJ8y8Tcb#12' };
const PAGO = 'edb3a93c-c8bc-4be2-a4c5-b8abb2a86588';
const ROUTES = [`/pagoEmpleadoDetalles/detallePago/${PAGO}`, '/empleados/CC/8927601899', '/empleados/CC/59275247'];

interface PreparedRow {
  name: string;
  statement: string;
  executions: number;
}

async function run(overrides: Record<string, string>): Promise<{ bodies: string[]; prepared: PreparedRow[] }> {
  const app = await createTestApp({ DB_POOL_MAX: '1', ...overrides });
  try {
    const token = await login(app, ANA.email, ANA.password);
    const bodies: string[] = [];
    for (const route of ROUTES) {
      for (let i = 0; i < 3; i++) {
        const res = await get(app, route, token);
        expect(res.status).toBe(200);
        bodies.push(res.body);
      }
    }
    const prepared = await app
      .get(SqlReader)
      .query<PreparedRow>(
        `select name, statement, (generic_plans + custom_plans)::int as executions from pg_prepared_statements order by name`,
      );
    return { bodies, prepared };
  } finally {
    await app.close();
  }
}

describe('prepared statements (e2e)', () => {
  it('on (default): each lookup is prepared once on the connection and run from it; off: nothing prepared, same bodies', async () => {
    const on = await run({});
    const off = await run({ DB_PREPARED_STATEMENTS: 'false' });

    expect(off.bodies).toEqual(on.bodies);
    expect(off.prepared).toEqual([]);

    const byName = new Map(on.prepared.map((p) => [p.name, p]));
    // The payment's detail three times; two employees three times each: one statement.
    expect(byName.get(DETALLE_PAGO_SQL.name)).toEqual({ name: DETALLE_PAGO_SQL.name, statement: DETALLE_PAGO_SQL.text, executions: 3 });
    expect(byName.get(GET_EMPLEADO_SQL.name)).toEqual({ name: GET_EMPLEADO_SQL.name, statement: GET_EMPLEADO_SQL.text, executions: 6 });
    // Not requested: not prepared (statements are prepared on first use, per connection).
    expect(byName.has(PAGO_EMPLEADO_DETALLES_SQL.name)).toBe(false);
    // The login's and the guards' lookups (user, businesses, status) are prepared statements too;
    // plain SQL (lists, reports, the numbering) never is.
    expect(on.prepared.length).toBeGreaterThanOrEqual(5);
    for (const p of on.prepared) expect(p.name).toMatch(/^nomina_[0-9a-f]{24}$/);
  });
});
