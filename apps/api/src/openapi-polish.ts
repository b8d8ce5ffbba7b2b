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
 * Optional enum parameters that only narrow the result (the report's `status`): no example at all,
 * so Swagger UI preselects `--` and sends nothing (a prefilled example would make a try-out silently
 * return less). Not `examples` with an empty first entry, as a free-text filter has: next to an enum
 * Swagger UI draws them as a second selector.
 */
const NOT_PREFILLED = new Set(['status']);

export interface PolishOptions {
  /**
   * DEMO_DATA: the login examples name a demo user (and its published password). Without demo
   * data the document shows no password anywhere.
   */
  demo: boolean;
}

const LOGIN_EXAMPLES = {
  demo: { email: D.login.email, password: D.login.password },
  neutral: { email: 'usuario@empresa.co', password: 'su-contraseña' },
};

/** POST /login's answer for the demo login, as the service writes it (DEMO_EXAMPLES.loginResponse). */
const LOGIN_RESPONSE_EXAMPLE = { tokenCurrent: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.…', ...D.loginResponse };

/** What /login's 400 and 403 really answer (ProblemDto's own example is a /pagos validation error). */
const LOGIN_PROBLEMS: Record<string, unknown> = {
  '400': problemBody(400, 'VALIDATION', 'Parámetro inválido: email. Es obligatorio: el correo del usuario.', '/login', [
    { field: 'email', message: 'Es obligatorio: el correo del usuario.' },
  ]),
  '403': problemBody(
    403,
    'BUSINESS_FORBIDDEN',
    'El negocio 9F3B2C1D4E5F40718293A4B5C6D7E8F9 no pertenece al usuario; use uno de sus negocios o omita "business".',
    '/login',
  ),
};

type Operation = {
  operationId?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { example?: unknown }> };
  responses: Record<string, Response | undefined>;
};
type Response = { description?: string; content?: Record<string, { schema?: Schema; example?: unknown }> };
type Schema = {
  $ref?: string;
  format?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
};
type Parameter = {
  name: string;
  in: string;
  example?: unknown;
  examples?: Record<string, unknown>;
  schema?: { example?: unknown; enum?: unknown[] };
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/** Applies the examples and the 503 response to every operation of the document (in place). */
export function polishDocument(document: OpenAPIObject, options: PolishOptions): OpenAPIObject {
  const templates = Object.keys(PARAMETER_EXAMPLES).concat('/login');
  const doubles = javaDoubleSchemas(document);
  for (const [fullPath, item] of Object.entries(document.paths)) {
    // Under API_PREFIX the document's paths carry the prefix; the tables use the bare templates.
    const path = templates.find((t) => fullPath === t || fullPath.endsWith(t)) ?? fullPath;
    for (const method of METHODS) {
      const op = (item as Record<string, Operation | undefined>)[method];
      if (!op) continue;
      for (const param of op.parameters ?? []) applyParameterExample(path, param);
      if (path === '/login') polishLogin(op, options);
      if (answersJavaDoubles(op, doubles)) op.description = `${op.description ?? ''}${SWAGGER_UI_NUMBERS_NOTE}`;
      op.responses['503'] ??= serviceUnavailable(fullPath, speaksLegacyErrors(op));
    }
  }
  return document;
}

/**
 * Swagger UI parses a response and prints it again, so its *Responses* panel shows `1896000` for
 * the wire's `1896000.0` and `149329500` for `1.493295E8`. Said in every operation whose 200 has
 * Java doubles (`format: double`, the payroll DTOs' javaDouble), lest a reader take the panel for
 * the wire format.
 */
const SWAGGER_UI_NUMBERS_NOTE =
  '\n\nNota: Swagger UI vuelve a escribir los números de la respuesta que muestra: `1896000.0` aparece como `1896000` y ' +
  '`1.493295E8` como `149329500`. Los bytes que envía el servicio son los del formato de Java (véalos con `curl`).';

/** The names of the component schemas that contain a double, directly or through the schemas they use. */
function javaDoubleSchemas(document: OpenAPIObject): Set<string> {
  const schemas = (document.components?.schemas ?? {}) as Record<string, Schema>;
  const found = new Set<string>();
  const visiting = new Set<string>();
  const has = (schema: Schema | undefined): boolean => {
    if (!schema) return false;
    if (schema.$ref) return named(schema.$ref.split('/').pop()!);
    if (schema.format === 'double') return true;
    return [
      schema.items,
      ...(schema.allOf ?? []),
      ...(schema.oneOf ?? []),
      ...(schema.anyOf ?? []),
      ...Object.values(schema.properties ?? {}),
    ].some(has);
  };
  const named = (name: string): boolean => {
    if (found.has(name)) return true;
    if (visiting.has(name)) return false;
    visiting.add(name);
    if (has(schemas[name])) found.add(name);
    return found.has(name);
  };
  for (const name of Object.keys(schemas)) named(name);
  return found;
}

function answersJavaDoubles(op: Operation, doubles: Set<string>): boolean {
  return Object.entries(op.responses['200']?.content ?? {}).some(([type, media]) => {
    if (!type.includes('json')) return false;
    const ref = media.schema?.$ref ?? media.schema?.items?.$ref;
    return ref !== undefined && doubles.has(ref.split('/').pop()!);
  });
}

function polishLogin(op: Operation, options: PolishOptions): void {
  const body = op.requestBody?.content?.['application/json'];
  if (body) body.example = options.demo ? LOGIN_EXAMPLES.demo : LOGIN_EXAMPLES.neutral;
  const ok = op.responses['200']?.content?.['application/json'];
  if (ok && options.demo) ok.example = LOGIN_RESPONSE_EXAMPLE;
  for (const [status, example] of Object.entries(LOGIN_PROBLEMS)) {
    const problem = op.responses[status]?.content?.['application/problem+json'];
    if (problem) problem.example = example;
  }
}

function applyParameterExample(path: string, param: Parameter): void {
  // An enum is one selector in Swagger UI; `examples` would stack a second one under it.
  if (param.schema?.enum) delete param.examples;
  if (NOT_PREFILLED.has(param.name)) {
    if (param.schema) delete param.schema.example;
    delete param.example;
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
  return Object.values(op.responses).some((r) => r?.content?.['application/problem+json']?.schema?.$ref === LEGACY_PROBLEM_REF);
}

function serviceUnavailable(instance: string, legacyError: boolean): Response {
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
 * preauthorizeApiKey only authorizes the page in memory; persistAuthorizationIfNeeded is what
 * Swagger UI's own Authorize dialog calls next (with `persistAuthorization: true` it stores the
 * authorization in localStorage, where the page restores it after a reload).
 */
export function authorizeFromLogin(res: { ok: boolean; url: string; body?: { tokenCurrent?: unknown } }): unknown {
  try {
    const path = new URL(res.url, window.location.href).pathname;
    const token = res.body && res.body.tokenCurrent;
    if (res.ok && /\/login$/.test(path) && typeof token === 'string') {
      const ui = (window as unknown as { ui: SwaggerUi }).ui;
      ui.preauthorizeApiKey('bearer', token);
      ui.authActions.persistAuthorizationIfNeeded();
    }
  } catch {
    // Never break the try-out's display over the convenience.
  }
  return res;
}

declare const window: { location: { href: string } };

interface SwaggerUi {
  preauthorizeApiKey(name: string, value: string): void;
  authActions: { persistAuthorizationIfNeeded(): void };
}
