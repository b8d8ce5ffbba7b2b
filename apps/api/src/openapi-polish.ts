import type { OpenAPIObject } from '@nestjs/swagger';
import { problemBody } from '@nomina-api/platform/http';
import { DEMO_EXAMPLES as D } from './demo-examples';

/**
 * Document-level finishing of the generated OpenAPI document, kept out of the controllers'
 * decorators: readable operationIds, the 503 every operation can answer, and request examples
 * that work on the demo data `npm start` loads (DEMO_EXAMPLES, one source with the README).
 */

/**
 * `Controller_method` (the factory's key) → the operationId generated clients expose. Part of the
 * public surface: never rename one; a new operation must be added here (startup fails otherwise).
 */
export const OPERATION_IDS: Readonly<Record<string, string>> = {
  Login_login: 'login',
  Health_live: 'getLiveness',
  Health_ready: 'getReadiness',
  Metrics_scrape: 'getMetrics',
  Pagos_list: 'listPagos',
  Pagos_get: 'getPago',
  PagoEmpleados_list: 'listPagoEmpleados',
  PagoEmpleados_historial: 'listHistorialPagos',
  PagoEmpleadoDetalles_detalles: 'getPagoEmpleadoDetalles',
  PagoEmpleadoDetalles_detallePago: 'getDetallePago',
  ConceptosAcumulados_acumulados: 'listConceptosAcumulados',
  ConceptosAcumulados_porConcepto: 'listConceptosAcumuladosPorConcepto',
  NominaElectronica_generar: 'generarNominaElectronica',
  Empleados_list: 'listEmpleados',
  Empleados_get: 'getEmpleado',
  Empleados_getPorUuid: 'getEmpleadoPorUuid',
  Vinculados_list: 'listVinculados',
  Vinculados_desvinculados: 'listDesvinculados',
  Vinculados_get: 'getVinculado',
  Vinculados_porEmpleado: 'listVinculadosEmpleado',
  Vinculados_integracion: 'getVinculadoVigente',
  Vinculados_tiposCotizante: 'listTiposCotizante',
  GruposPagos_list: 'listGruposPagos',
  GruposPagos_get: 'getGrupoPago',
  GruposPagos_listaGrupos: 'listGruposPagosSinPaginar',
  Conceptos_list: 'listConceptos',
  Reports_reportUtility: 'getReportUtility',
  SalesReports_reportSalesByProduct: 'getReportSalesByProduct',
  SalesReports_reportSalesByCategory: 'getReportSalesByCategory',
  Proveedores_list: 'listProveedores',
  Proveedores_find: 'getProveedor',
};

export function operationId(controller: string, method: string): string {
  const key = `${controller.replace(/Controller$/, '')}_${method}`;
  const id = OPERATION_IDS[key];
  if (!id) throw new Error(`Falta el operationId de ${key} en OPERATION_IDS (apps/api/src/openapi-polish.ts).`);
  return id;
}

/** Request examples on the demo data, by path template and parameter name. */
const PARAMETER_EXAMPLES: Record<string, Record<string, unknown>> = {
  '/pagoEmpleados': { 'params[pago]': D.pago },
  '/pagos/{uuid}': { uuid: D.pago, 'params[actualizarPago]': 'false' },
  // Every estado: the prefilled value shows the form without narrowing the history.
  '/pagoEmpleados/{uuidEmpleado}/historialPagos': { uuidEmpleado: D.empleadoUuid, 'params[estados]': 'EP,PA,PP,PG,RE,AN' },
  '/pagoEmpleadoDetalles/{uuidPagoEmpleado}': { uuidPagoEmpleado: D.pagoEmpleado },
  '/pagoEmpleadoDetalles/detallePago/{idPago}': { idPago: D.pago },
  '/pagoEmpleadoDetalles/conceptosacumulados/{fechaDesde}/{fechaHasta}/{isDetalleParaAportes}': { ...D.acumulados },
  '/pagoEmpleadoDetalles/conceptosacumulados/{fechaDesde}/{fechaHasta}/{isDetalleParaAportes}/{porContacto}': {
    ...D.acumulados,
    porContacto: 'false',
  },
  '/pagos/nominaelectronica/{ano}/{mes}': { ...D.nominaElectronica },
  '/empleados/{tipoDocumento}/{identificacion}': { ...D.empleado },
  '/empleados/{uuid}': { uuid: D.empleadoUuid },
  '/vinculados': { sort: ['nombreCompleto,asc'], ...D.vinculadosFlags },
  '/vinculados/desvinculados': { sort: ['fechaRetiro,desc'] },
  '/vinculados/{uuid}': { uuid: D.vinculado },
  '/vinculados/empleado/{uuidEmpleado}': { uuidEmpleado: D.empleadoUuid },
  '/vinculados/integracion/empleado/{tipoDocumento}/{idEmpleado}': {
    tipoDocumento: D.empleado.tipoDocumento,
    idEmpleado: D.empleado.identificacion,
  },
  '/gruposPagos': { sort: ['codigo,asc'] },
  '/gruposPagos/{uuid}': { uuid: D.grupoPago },
  '/reports/reportUtility': { ...D.report, groupResult: 'true', businessId: D.businessId, allBusiness: 'false', format: 'json' },
  '/reports/reportSalesByProduct': {
    ...D.report,
    groupResult: 'true',
    businessId: D.businessId,
    allBusiness: 'false',
    format: 'json',
    showProductCombo: 'false',
  },
  '/reports/reportSalesByCategory': {
    ...D.report,
    businessId: D.businessId,
    allBusiness: 'false',
    format: 'json',
    showProductCombo: 'false',
  },
  '/proveedor': { pagina: 0, limite: 50 },
  '/proveedor/{identificacion}': { identificacion: D.proveedor },
};

/**
 * Optional parameters that narrow the result: Swagger UI would prefill and send an `example`, so
 * a try-out would silently return less. They get `examples` whose first (preselected) entry is
 * empty, which Swagger UI does not send, and a second entry showing a real value.
 */
const NARROWING_EXAMPLES: Record<string, { summary: string; value: string }> = {
  status: { summary: 'Solo las ventas pagadas', value: 'Pagada' },
};

const LOGIN_EXAMPLE = { email: D.login.email, password: D.login.password };

type Operation = {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { example?: unknown }> };
  responses: Record<string, unknown>;
};
type Parameter = { name: string; in: string; example?: unknown; examples?: Record<string, unknown>; schema?: { example?: unknown } };

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/** Applies the examples and the 503 response to every operation of the document (in place). */
export function polishDocument(document: OpenAPIObject): OpenAPIObject {
  const templates = Object.keys(PARAMETER_EXAMPLES).concat('/login');
  for (const [fullPath, item] of Object.entries(document.paths)) {
    // Under API_PREFIX the document's paths carry the prefix; the tables use the bare templates.
    const path = templates.find((t) => fullPath === t || fullPath.endsWith(t)) ?? fullPath;
    for (const method of METHODS) {
      const op = (item as Record<string, Operation | undefined>)[method];
      if (!op) continue;
      for (const param of op.parameters ?? []) applyParameterExample(path, param);
      if (path === '/login' && op.requestBody?.content?.['application/json'])
        op.requestBody.content['application/json'].example = LOGIN_EXAMPLE;
      op.responses['503'] ??= serviceUnavailable(fullPath, speaksLegacyErrors(op));
    }
  }
  return document;
}

function applyParameterExample(path: string, param: Parameter): void {
  const narrowing = NARROWING_EXAMPLES[param.name];
  if (narrowing) {
    if (param.schema) delete param.schema.example;
    delete param.example;
    param.examples = { ninguno: { summary: 'Sin filtro (no se envía)', value: '' }, ejemplo: narrowing };
    return;
  }
  // A demo value of this document, else the example the parameter's decorator gives in its schema.
  const value = PARAMETER_EXAMPLES[path]?.[param.name] ?? param.schema?.example;
  if (value === undefined) return;
  // One place for the example, the parameter's: Swagger UI prefers the schema's over it.
  if (param.schema) delete param.schema.example;
  param.example = value;
}

const LEGACY_PROBLEM_REF = '#/components/schemas/LegacyProblemDto';

/** An operation whose problems carry the legacy `error` member (the payroll ones, CONTRACT §11.5) declares them with LegacyProblemDto. */
function speaksLegacyErrors(op: Operation): boolean {
  return Object.values(op.responses).some(
    (r) =>
      (r as { content?: Record<string, { schema?: { $ref?: string } }> }).content?.['application/problem+json']?.schema?.$ref ===
      LEGACY_PROBLEM_REF,
  );
}

function serviceUnavailable(instance: string, legacyError: boolean): unknown {
  return {
    description:
      'Servicio no disponible: la base de datos no responde, una consulta excedió su tiempo o el servicio se está deteniendo; reintente.',
    content: {
      'application/problem+json': {
        schema: { $ref: legacyError ? LEGACY_PROBLEM_REF : '#/components/schemas/ProblemDto' },
        // Built like the wire body (problemBody), so it carries every member, `message` included.
        example: problemBody(
          503,
          'SERVICE_UNAVAILABLE',
          'La base de datos no está disponible en este momento. Intente de nuevo en unos segundos.',
          instance,
          undefined,
          legacyError,
        ),
      },
    },
  };
}

/**
 * Swagger UI response interceptor (serialized with Function#toString into the page, so plain
 * browser JavaScript without closures): a successful POST /login try-out authorizes the page
 * with its tokenCurrent, so the user never copies the token into the Authorize dialog.
 */
export function authorizeFromLogin(res: { ok: boolean; url: string; body?: { tokenCurrent?: unknown } }): unknown {
  try {
    const path = new URL(res.url, window.location.href).pathname;
    const token = res.body && res.body.tokenCurrent;
    if (res.ok && /\/login$/.test(path) && typeof token === 'string') {
      (window as unknown as { ui: { preauthorizeApiKey(name: string, value: string): void } }).ui.preauthorizeApiKey('bearer', token);
    }
  } catch {
    // Never break the try-out's display over the convenience.
  }
  return res;
}

declare const window: { location: { href: string } };
