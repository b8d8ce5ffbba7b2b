/**
 * The benchmark scenarios. Each one has the HTTP request the service gets, and `capture`, which
 * builds the same Query/Command the controller builds from that request (same parsing functions
 * and list specs) and executes the service's own handler on a RecordingReader, so the raw-SQL
 * and baseline measurements replay exactly what the endpoint runs.
 */
import type { Client } from 'pg';
import { DataVersionReader, type SqlReader } from '@nomina-api/platform/persistence';
import {
  AcumuladoPorConceptoHandler,
  AcumuladoPorConceptoQuery,
  CONCEPTOS_ACUMULADOS_LIST,
  ConceptosAcumuladosHandler,
  ConceptosAcumuladosQuery,
  EMPLEADOS_LIST,
  ESTADOS_PARAM,
  GenerarNominaElectronicaCommand,
  GenerarNominaElectronicaHandler,
  GetEmpleadoHandler,
  GetEmpleadoQuery,
  HISTORIAL_PAGOS_LIST,
  HistorialPagosHandler,
  HistorialPagosQuery,
  ListDetallePagoHandler,
  ListDetallePagoQuery,
  ListEmpleadosHandler,
  ListEmpleadosQuery,
  ListPagoEmpleadosHandler,
  ListPagoEmpleadosQuery,
  ListPagosHandler,
  ListPagosQuery,
  type ListSpec,
  ListVinculadosHandler,
  ListVinculadosQuery,
  VINCULADOS_LIST,
  PAGO_EMPLEADOS_LIST,
  PAGOS_LIST,
  parseAcumuladoPorConceptoParams,
  parseConceptosAcumuladosParams,
  parseEstados,
  parseListParams,
} from '@nomina-api/nomina/testing';
import { DEFAULT_ESTADOS, ReportUtilityHandler, ReportUtilityQuery } from '@nomina-api/reportes/testing';
import {
  FindProveedorHandler,
  FindProveedorQuery,
  ListProveedoresHandler,
  ListProveedoresQuery,
  resolvePaging,
} from '@nomina-api/proveedores/testing';
import type { RecordingReader } from './recorder';

/** What the scenarios address, discovered in the bench database for the logged-in user. */
export interface Ctx {
  tenantId: string;
  businessId: string;
  largestPago: string;
  largestPagoEmpleados: number;
  surname: string;
  empleadosTotal: number;
  empleadoDoc: { tipo: string; identificacion: string };
  /** The person with the most payslips in payments not of type IN (the longest payslip history). */
  empleadoMasNominas: string;
  proveedorId: string;
  yearPayroll: number;
  ne: { ano: number; mes: number };
  yearSales: number;
}

export interface Scenario {
  name: string;
  /** Path and query of the service request. */
  path: string;
  /** Concurrent connections in the load phase (default from the CLI). */
  connections?: number;
  /** Addresses one resource: throughput target ≥ 0.7 × baseline. */
  single?: boolean;
  /** Deep page: compared with this scenario's median (target ≤ 3×). */
  deepOf?: string;
  /** Absolute median target (ms). */
  maxMedianMs?: number;
  /** Streamed list: RSS is the point. */
  streamed?: boolean;
  capture(reader: RecordingReader): Promise<unknown>;
}

/** The parts of AppConfig handlers read (the service's defaults). */
const SERVICE_CONFIG = { dbStatementTimeoutMs: 15_000, dbPoolMax: 10 };

const asReader = (r: RecordingReader): SqlReader => r as unknown as SqlReader;

/** Fastify's view of a query string: repeated keys become arrays, brackets stay literal. */
function queryOf(path: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const q = path.includes('?') ? path.slice(path.indexOf('?') + 1) : '';
  for (const [k, v] of new URLSearchParams(q)) {
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}

const list = (path: string, spec: ListSpec) => parseListParams(queryOf(path), spec);

const pagos = (path: string) => (r: RecordingReader, ctx: Ctx) => {
  const q = queryOf(path);
  return new ListPagosHandler(asReader(r)).execute(
    new ListPagosQuery(ctx.tenantId, parseEstados(q[ESTADOS_PARAM]), list(path, PAGOS_LIST)),
  );
};

function acumulados(ctx: Ctx, desde: string, hasta: string, aportes: boolean): { path: string; capture: Scenario['capture'] } {
  const path = `/pagoEmpleadoDetalles/conceptosacumulados/${desde}/${hasta}/${aportes}`;
  return {
    path,
    capture: (r) => {
      const p = parseConceptosAcumuladosParams(desde, hasta, String(aportes));
      return new ConceptosAcumuladosHandler(asReader(r)).execute(
        new ConceptosAcumuladosQuery(ctx.tenantId, p.fechaDesde, p.fechaHasta, p.paraAportes, list(path, CONCEPTOS_ACUMULADOS_LIST)),
      );
    },
  };
}

/** The per-concept explorer (CONTRACT §11.2): the whole result, streamed. */
function explorador(ctx: Ctx, desde: string, hasta: string, porContacto: boolean): { path: string; capture: Scenario['capture'] } {
  const path = `/pagoEmpleadoDetalles/conceptosacumulados/${desde}/${hasta}/false/${porContacto}`;
  return {
    path,
    capture: (r) => {
      const p = parseAcumuladoPorConceptoParams({
        fechaDesde: desde,
        fechaHasta: hasta,
        isDetalleParaAportes: 'false',
        porContacto: String(porContacto),
      });
      return new AcumuladoPorConceptoHandler(asReader(r)).execute(
        new AcumuladoPorConceptoQuery(ctx.tenantId, p.fechaDesde, p.fechaHasta, p.paraAportes, p.porContacto),
      );
    },
  };
}

/** The profitability report (`reportUtility`) or the sales report by product, which runs the same query (CONTRACT §11.4). */
function report(
  ctx: Ctx,
  init: string,
  end: string,
  grouped: boolean,
  operation = 'reportUtility',
): { path: string; capture: Scenario['capture'] } {
  return {
    path: `/reports/${operation}?dateInitISO=${init}&dateEndISO=${end}&groupResult=${grouped}`,
    capture: (r) =>
      // The config argument (statement timeout of the report's own transaction) is what the
      // service injects; a handler version without it ignores the extra argument.
      new (ReportUtilityHandler as unknown as new (r: SqlReader, c: unknown) => ReportUtilityHandler)(asReader(r), SERVICE_CONFIG).execute(
        new ReportUtilityQuery(ctx.tenantId, {
          businessIds: [ctx.businessId],
          dateInit: init,
          dateEnd: end,
          grouped,
          estados: DEFAULT_ESTADOS,
        }),
      ),
  };
}

export function buildScenarios(ctx: Ctx): Scenario[] {
  const ESTADOS = `${ESTADOS_PARAM}=EP,PA,PP,PG,RE,AN`;
  const size = 20;
  const lastPe = Math.max(0, Math.floor((ctx.largestPagoEmpleados - 1) / size) * size);
  const lastEmp = Math.max(0, Math.floor((ctx.empleadosTotal - 1) / size) * size);
  const y = ctx.yearPayroll;
  const ys = ctx.yearSales;
  const pePath = (offset: number) => `/pagoEmpleados?params[pago]=${ctx.largestPago}&offset=${offset}&size=${size}`;
  const empPath = (offset: number) => `/empleados?offset=${offset}&size=${size}`;
  const acu = (name: string, desde: string, hasta: string, aportes: boolean, maxMedianMs?: number): Scenario => ({
    name,
    maxMedianMs,
    ...acumulados(ctx, desde, hasta, aportes),
  });
  const rep = (name: string, init: string, end: string, grouped: boolean, maxMedianMs?: number): Scenario => ({
    name,
    maxMedianMs,
    ...report(ctx, init, end, grouped),
  });
  const month = `${ys}-06`;
  const historial = `/pagoEmpleados/${ctx.empleadoMasNominas}/historialPagos`;
  return [
    { name: 'pagos-default', path: `/pagos?${ESTADOS}`, capture: (r) => pagos(`/pagos?${ESTADOS}`)(r, ctx) },
    {
      name: 'pagos-filter-surname',
      path: `/pagos?${ESTADOS}&filter=${encodeURIComponent(ctx.surname)}`,
      capture: (r) => pagos(`/pagos?${ESTADOS}&filter=${encodeURIComponent(ctx.surname)}`)(r, ctx),
    },
    {
      name: 'pagoEmpleados-first',
      path: pePath(0),
      capture: (r) =>
        new ListPagoEmpleadosHandler(asReader(r)).execute(
          new ListPagoEmpleadosQuery(ctx.tenantId, ctx.largestPago, list(pePath(0), PAGO_EMPLEADOS_LIST)),
        ),
    },
    {
      name: 'pagoEmpleados-last',
      path: pePath(lastPe),
      deepOf: 'pagoEmpleados-first',
      capture: (r) =>
        new ListPagoEmpleadosHandler(asReader(r)).execute(
          new ListPagoEmpleadosQuery(ctx.tenantId, ctx.largestPago, list(pePath(lastPe), PAGO_EMPLEADOS_LIST)),
        ),
    },
    {
      name: 'detallePago-largest',
      path: `/pagoEmpleadoDetalles/detallePago/${ctx.largestPago}`,
      single: true,
      capture: (r) => new ListDetallePagoHandler(asReader(r)).execute(new ListDetallePagoQuery(ctx.tenantId, ctx.largestPago)),
    },
    acu('acumulados-1y-generica', `${y}-01-01`, `${y}-12-31`, false, 100),
    acu('acumulados-1y-aportes', `${y}-01-01`, `${y}-12-31`, true, 100),
    acu('acumulados-10y-generica', `${y - 9}-01-01`, `${y}-12-31`, false),
    acu('acumulados-10y-aportes', `${y - 9}-01-01`, `${y}-12-31`, true),
    {
      name: 'empleados-p1',
      path: empPath(0),
      capture: (r) => new ListEmpleadosHandler(asReader(r)).execute(new ListEmpleadosQuery(ctx.tenantId, list(empPath(0), EMPLEADOS_LIST))),
    },
    {
      name: 'empleados-deep',
      path: empPath(lastEmp),
      deepOf: 'empleados-p1',
      capture: (r) =>
        new ListEmpleadosHandler(asReader(r)).execute(new ListEmpleadosQuery(ctx.tenantId, list(empPath(lastEmp), EMPLEADOS_LIST))),
    },
    {
      // The public employee-sync client's bulk call: every current bond in one streamed answer.
      name: 'vinculados-todos',
      path: `/vinculados?requestData=${encodeURIComponent('{"masivo":true,"conPrestaciones":true,"eliminados":[]}')}`,
      streamed: true,
      capture: (r) =>
        new ListVinculadosHandler(asReader(r)).execute(
          new ListVinculadosQuery(ctx.tenantId, 'vigentes', list('/vinculados', VINCULADOS_LIST.vigentes)),
        ),
    },
    {
      name: 'vinculados-p1',
      path: '/vinculados?offset=0&size=20',
      capture: (r) =>
        new ListVinculadosHandler(asReader(r)).execute(
          new ListVinculadosQuery(ctx.tenantId, 'vigentes', list('/vinculados?offset=0&size=20', VINCULADOS_LIST.vigentes)),
        ),
    },
    {
      name: 'empleado-documento',
      path: `/empleados/${ctx.empleadoDoc.tipo}/${ctx.empleadoDoc.identificacion}`,
      single: true,
      capture: (r) =>
        new GetEmpleadoHandler(asReader(r)).execute(
          new GetEmpleadoQuery(ctx.tenantId, ctx.empleadoDoc.tipo as never, ctx.empleadoDoc.identificacion),
        ),
    },
    {
      name: 'nomina-electronica-mes',
      path: `/pagos/nominaelectronica/${ctx.ne.ano}/${ctx.ne.mes}`,
      connections: 20,
      capture: (r) =>
        new GenerarNominaElectronicaHandler(asReader(r), new DataVersionReader(asReader(r), 0)).execute(
          new GenerarNominaElectronicaCommand(ctx.tenantId, ctx.ne.ano, ctx.ne.mes),
        ),
    },
    rep('reporte-agrupado-mes', `${month}-01T00:00:00.000Z`, `${month}-30T23:59:59.999Z`, true),
    rep('reporte-detalle-mes', `${month}-01T00:00:00.000Z`, `${month}-30T23:59:59.999Z`, false),
    rep('reporte-agrupado-ano', `${ys}-01-01T00:00:00.000Z`, `${ys}-12-31T23:59:59.999Z`, true, 100),
    rep('reporte-detalle-ano', `${ys}-01-01T00:00:00.000Z`, `${ys}-12-31T23:59:59.999Z`, false),
    // CONTRACT §11.2 and §11.4
    {
      name: 'historial-mas-nominas',
      path: historial,
      capture: (r) =>
        new HistorialPagosHandler(asReader(r)).execute(
          new HistorialPagosQuery(ctx.tenantId, ctx.empleadoMasNominas, undefined, list(historial, HISTORIAL_PAGOS_LIST)),
        ),
    },
    { name: 'explorador-1y-concepto', maxMedianMs: 100, ...explorador(ctx, `${y}-01-01`, `${y}-12-31`, false) },
    { name: 'explorador-1y-contacto', streamed: true, ...explorador(ctx, `${y}-01-01`, `${y}-12-31`, true) },
    {
      name: 'ventas-producto-agrupado-ano',
      ...report(ctx, `${ys}-01-01T00:00:00.000Z`, `${ys}-12-31T23:59:59.999Z`, true, 'reportSalesByProduct'),
    },
    {
      name: 'ventas-producto-detalle-mes',
      ...report(ctx, `${month}-01T00:00:00.000Z`, `${month}-30T23:59:59.999Z`, false, 'reportSalesByProduct'),
    },
    {
      name: 'proveedor-id',
      path: `/proveedor/${ctx.proveedorId}`,
      single: true,
      capture: (r) => new FindProveedorHandler(asReader(r)).execute(new FindProveedorQuery(ctx.tenantId, ctx.proveedorId)),
    },
    {
      name: 'proveedor-p0',
      path: '/proveedor?pagina=0&limite=200',
      capture: (r) => new ListProveedoresHandler(asReader(r)).execute(new ListProveedoresQuery(ctx.tenantId, resolvePaging('0', '200'))),
    },
    {
      name: 'proveedor-p100',
      path: '/proveedor?pagina=100&limite=200',
      deepOf: 'proveedor-p0',
      capture: (r) => new ListProveedoresHandler(asReader(r)).execute(new ListProveedoresQuery(ctx.tenantId, resolvePaging('100', '200'))),
    },
    {
      name: 'proveedor-todos',
      path: '/proveedor',
      streamed: true,
      capture: (r) => new ListProveedoresHandler(asReader(r)).execute(new ListProveedoresQuery(ctx.tenantId, undefined)),
    },
  ];
}

/** Finds the figures the scenarios need, for the tenant/business of the logged-in user. */
export async function discover(db: Client, tenantId: string, businessId: string): Promise<Ctx> {
  const one = async <R>(text: string, values: unknown[]): Promise<R> => (await db.query(text, values)).rows[0] as R;
  const largest = await one<{ id: string; n: number }>(
    `select id, numero_empleados as n from pago where tenant_id = $1 and tipo_pago <> 'IN' order by numero_empleados desc, id limit 1`,
    [tenantId],
  );
  const surname = await one<{ s: string }>(
    `select split_part(apellidos, ' ', 1) as s from empleado where tenant_id = $1 group by 1 order by count(*) desc, 1 limit 1`,
    [tenantId],
  );
  const emp = await one<{ n: number }>(
    `select count(*)::int as n from vinculacion v
      where v.tenant_id = $1 and v.fecha_ingreso <= (now() at time zone 'America/Bogota')::date
        and (v.fecha_retiro is null or v.fecha_retiro >= (now() at time zone 'America/Bogota')::date)`,
    [tenantId],
  );
  const doc = await one<{ tipo: string; identificacion: string }>(
    `select tipo_documento as tipo, identificacion from empleado where tenant_id = $1 order by identificacion collate "C" limit 1 offset 7`,
    [tenantId],
  );
  const historial = await one<{ id: string }>(
    `select pe.empleado_id as id from pago_empleado pe join pago p on p.tenant_id = pe.tenant_id and p.id = pe.pago_id
      where pe.tenant_id = $1 and p.tipo_pago <> 'IN' group by 1 order by count(*) desc, 1 limit 1`,
    [tenantId],
  );
  const prov = await one<{ identificacion: string }>(
    `select identificacion from proveedor_establecimiento where tenant_id = $1 group by 1 order by count(*) desc, 1 limit 1`,
    [tenantId],
  );
  const yp = await one<{ y: number }>(
    `select max(extract(year from fecha_desde))::int as y from pago
      where tenant_id = $1 and definitivo
        and extract(year from fecha_desde) in (select extract(year from fecha_desde) from pago where tenant_id = $1 group by 1 having count(distinct mes) = 12)`,
    [tenantId],
  );
  const ne = await one<{ ano: number; mes: number }>(
    `select ano, mes from pago where tenant_id = $1 and definitivo and tipo_pago <> 'IN' and estado <> 'AN' and ano = $2
      group by ano, mes order by sum(numero_empleados) desc, mes limit 1`,
    [tenantId, yp.y],
  );
  const ys = await one<{ y: number }>(
    `select extract(year from max(fecha) - interval '6 months')::int as y from venta where tenant_id = $1 and negocio_id = $2`,
    [tenantId, businessId],
  );
  return {
    tenantId,
    businessId,
    largestPago: largest.id,
    largestPagoEmpleados: largest.n,
    surname: surname.s,
    empleadosTotal: emp.n,
    empleadoDoc: doc,
    empleadoMasNominas: historial.id,
    proveedorId: prov.identificacion,
    yearPayroll: yp.y,
    ne: { ano: ne.ano, mes: ne.mes },
    yearSales: ys.y,
  };
}
