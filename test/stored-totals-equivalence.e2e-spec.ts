import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Client } from 'pg';
import { generateDataset } from '@nomina-api/importer/demo/generate-dataset';
import { createTestApp, get, login } from './support/test-app';
import { seedDatabase } from './support/test-database';
import { prng } from './support/prng';

/**
 * The fast paths read totals stored at import (per payslip, per payment, per payment and concept,
 * contribution base per payslip). Here every one of them is compared with a naive aggregation over
 * the raw payslip lines, on the generated demo dataset and over random date ranges (seeded, so a
 * failure is reproducible). A change that makes stored and naive totals disagree fails here.
 */
const ADMIN = { email: 'admin@andina.demo.co', password: 'Andina#2024' };

const NAIVE_ACUMULADOS = `
  select pe.vinculacion_id::text as vinculacion,
         coalesce(sum(d.valor) filter (where c.tipo = 'DEVENGADO' and ($4 = false or c.base_aportes)), 0)::text as dev,
         coalesce(sum(d.valor) filter (where c.tipo = 'DEDUCCION' and ($4 = false or c.base_aportes)), 0)::text as ded,
         count(*) filter (where c.base_aportes) as base_lines
    from pago p
    join pago_empleado pe on pe.tenant_id = p.tenant_id and pe.pago_id = p.id
    left join pago_empleado_detalle d on d.tenant_id = pe.tenant_id and d.pago_empleado_id = pe.id
    left join concepto c on c.tenant_id = d.tenant_id and c.codigo = d.concepto_codigo
   where p.tenant_id = $1 and p.definitivo and p.fecha_desde between $2::date and $3::date
   group by pe.vinculacion_id`;

const NAIVE_PAGOS = `
  select p.id::text as id,
         coalesce(sum(d.valor) filter (where c.tipo = 'DEVENGADO'), 0)::text as dev,
         coalesce(sum(d.valor) filter (where c.tipo = 'DEDUCCION'), 0)::text as ded,
         (select count(*) from pago_empleado x where x.tenant_id = p.tenant_id and x.pago_id = p.id)::int as empleados
    from pago p
    left join pago_empleado pe on pe.tenant_id = p.tenant_id and pe.pago_id = p.id
    left join pago_empleado_detalle d on d.tenant_id = pe.tenant_id and d.pago_empleado_id = pe.id
    left join concepto c on c.tenant_id = d.tenant_id and c.codigo = d.concepto_codigo
   where p.tenant_id = $1 and p.tipo_pago <> 'IN'
   group by p.tenant_id, p.id`;

const NAIVE_DETALLE_PAGO = `
  select d.concepto_codigo as codigo, sum(d.valor)::text as valor, sum(d.cantidad)::text as cantidad,
         count(distinct d.pago_empleado_id)::int as empleados
    from pago_empleado_detalle d
    join pago_empleado pe on pe.tenant_id = d.tenant_id and pe.id = d.pago_empleado_id
   where d.tenant_id = $1 and pe.pago_id = $2
   group by d.concepto_codigo`;

const hex = (uuid: string): string => uuid.replace(/-/g, '').toUpperCase();

function isoDay(base: Date, days: number): string {
  return new Date(base.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

describe('stored totals equal a naive aggregation of the lines (e2e)', () => {
  let app: NestFastifyApplication;
  let client: Client;
  let token: string;
  let tenant: string;

  beforeAll(async () => {
    const url = await seedDatabase('nomina_test_equivalence', [generateDataset({ scale: 'demo' })]);
    app = await createTestApp({}, url);
    client = new Client({ connectionString: url });
    await client.connect();
    token = await login(app, ADMIN.email, ADMIN.password);
    const { rows } = await client.query<{ tenant_id: string }>(`select tenant_id::text from usuario where email = $1`, [ADMIN.email]);
    tenant = rows[0].tenant_id;
  });

  afterAll(async () => {
    await client?.end();
    await app?.close();
  });

  it.each([false, true])('accumulated concepts (isDetalleParaAportes=%s) over 25 random ranges', async (aportes) => {
    const random = prng(aportes ? 7 : 3);
    const start = new Date('2023-11-01T00:00:00Z');
    for (let i = 0; i < 25; i++) {
      const from = isoDay(start, Math.floor(random() * 800));
      const to = isoDay(new Date(`${from}T00:00:00Z`), Math.floor(random() * 400));
      const res = await get(app, `/pagoEmpleadoDetalles/conceptosacumulados/${from}/${to}/${aportes}?size=1000`, token);
      expect(res.status).toBe(200);
      const body = res.json<{
        contenido: { uuidVinculado: string; totalDevengados: number; totalDeducciones: number; totalNeto: number }[];
        total: number;
      }>();
      const { rows } = await client.query<{ vinculacion: string; dev: string; ded: string; base_lines: string }>(NAIVE_ACUMULADOS, [
        tenant,
        from,
        to,
        aportes,
      ]);
      const expected = rows
        .filter((r) => !aportes || Number(r.base_lines) > 0)
        .map((r) => ({
          uuidVinculado: hex(r.vinculacion),
          totalDevengados: Number(r.dev),
          totalDeducciones: Number(r.ded),
          totalNeto: Number(r.dev) - Number(r.ded),
        }))
        .sort((a, b) => a.uuidVinculado.localeCompare(b.uuidVinculado));
      const actual = body.contenido
        .map(({ uuidVinculado, totalDevengados, totalDeducciones }) => ({ uuidVinculado, totalDevengados, totalDeducciones }))
        .sort((a, b) => a.uuidVinculado.localeCompare(b.uuidVinculado));
      expect(body.total).toBe(expected.length);
      expect(actual).toEqual(
        expected.map(({ uuidVinculado, totalDevengados, totalDeducciones }) => ({ uuidVinculado, totalDevengados, totalDeducciones })),
      );
      for (const row of body.contenido) {
        const naive = expected.find((e) => e.uuidVinculado === row.uuidVinculado)!;
        expect(row.totalNeto).toBeCloseTo(naive.totalNeto, 2);
      }
    }
  });

  it('payment totals and employee counts of every payment', async () => {
    const res = await get(app, '/pagos?params[estados]=EP,PA,PP,PG,RE,AN&size=1000', token);
    const pagos = res.json<{ contenido: { uuid: string; totalDevengados: number; totalDeducciones: number; numeroEmpleados: number }[] }>()
      .contenido;
    const { rows } = await client.query<{ id: string; dev: string; ded: string; empleados: number }>(NAIVE_PAGOS, [tenant]);
    expect(pagos.length).toBe(rows.length);
    const naive = new Map(rows.map((r) => [hex(r.id), r]));
    for (const p of pagos) {
      const n = naive.get(p.uuid)!;
      expect([p.totalDevengados, p.totalDeducciones, p.numeroEmpleados]).toEqual([Number(n.dev), Number(n.ded), n.empleados]);
    }
  });

  it('per-concept totals of 10 payments (detallePago)', async () => {
    const { rows: pagos } = await client.query<{ id: string }>(`select id::text from pago where tenant_id = $1 order by id limit 10`, [
      tenant,
    ]);
    for (const { id } of pagos) {
      const body = (await get(app, `/pagoEmpleadoDetalles/detallePago/${id}`, token)).json<{
        contenido: { codigoConcepto: string; valor: number; cantidad: number; numeroEmpleados: number }[];
      }>();
      const { rows } = await client.query<{ codigo: string; valor: string; cantidad: string; empleados: number }>(NAIVE_DETALLE_PAGO, [
        tenant,
        id,
      ]);
      const actual = body.contenido.map((c) => [c.codigoConcepto, c.valor, c.cantidad, c.numeroEmpleados]).sort();
      const expected = rows.map((r) => [r.codigo, Number(r.valor), Number(r.cantidad), r.empleados]).sort();
      expect(actual).toEqual(expected);
    }
  });
});
