import type { Type } from '@nestjs/common';
import { documentedProperties, envelopeWriter, type LegacyObjectSchema, legacySchemaDrift } from '@nomina-api/platform/http';
import { DOCUMENTOS_NOMINA_SQL } from '../../commands/generar-nomina-electronica/generar-nomina-electronica.sql';
import { CONCEPTOS_ACUMULADOS_LIST } from '../../queries/conceptos-acumulados/conceptos-acumulados.query';
import { conceptosAcumuladosSql } from '../../queries/conceptos-acumulados/conceptos-acumulados.sql';
import { acumuladoPorConceptoSql } from '../../queries/acumulado-por-concepto/acumulado-por-concepto.sql';
import { GET_EMPLEADO_POR_UUID_SQL, GET_EMPLEADO_SQL } from '../../queries/get-empleado/get-empleado.sql';
import { GET_PAGO_SQL } from '../../queries/get-pago/get-pago.sql';
import { historialPagosSql } from '../../queries/historial-pagos/historial-pagos.sql';
import { DETALLE_PAGO_SQL } from '../../queries/list-detalle-pago/list-detalle-pago.sql';
import { listEmpleadosSql } from '../../queries/list-empleados/list-empleados.sql';
import { PAGO_EMPLEADO_DETALLES_SQL } from '../../queries/list-pago-empleado-detalles/list-pago-empleado-detalles.sql';
import { listPagoEmpleadosSql } from '../../queries/list-pago-empleados/list-pago-empleados.sql';
import { listPagosSql } from '../../queries/list-pagos/list-pagos.sql';
import {
  ACUMULADO_CONCEPTO_CONTACTO_SCHEMA,
  ACUMULADO_CONCEPTO_SCHEMA,
  AcumuladoConceptoContactoDto,
  AcumuladoConceptoDto,
  AcumuladoPorConceptoResponseDto,
} from './acumulado-por-concepto.response.dto';
import {
  CONCEPTO_ACUMULADO_SCHEMA,
  ConceptoAcumuladoDto,
  ConceptosAcumuladosResponseDto,
  writeConceptosAcumulados,
} from './conceptos-acumulados.response.dto';
import { EMPLEADO_SCHEMA, EmpleadoDto, EmpleadoResponseDto, EmpleadosResponseDto, writeEmpleados } from './empleado.response.dto';
import { HISTORIAL_PAGO_SCHEMA, HistorialPagoDto, HistorialPagosResponseDto, writeHistorialPagos } from './historial-pagos.response.dto';
import {
  DOCUMENTO_NOMINA_ELECTRONICA_SCHEMA,
  DocumentoNominaElectronicaDto,
  NominaElectronicaResponseDto,
  writeNominaElectronica,
} from './nomina-electronica.response.dto';
import {
  DETALLE_PAGO_SCHEMA,
  DetallePagoDto,
  DetallePagoResponseDto,
  PAGO_EMPLEADO_DETALLE_SCHEMA,
  PagoEmpleadoDetalleDto,
  PagoEmpleadoDetallesResponseDto,
  writeDetallePago,
  writePagoEmpleadoDetalles,
} from './pago-empleado-detalle.response.dto';
import { PAGO_EMPLEADO_SCHEMA, PagoEmpleadoDto, PagoEmpleadosResponseDto, writePagoEmpleados } from './pago-empleado.response.dto';
import { GrupoPagoDto, PAGO_SCHEMA, PagoDto, PagosResponseDto, writePagos } from './pago.response.dto';
import { GET_GRUPO_PAGO_SQL } from '../../queries/get-grupo-pago/get-grupo-pago.sql';
import { GET_VINCULADO_SQL } from '../../queries/get-vinculado/get-vinculado.sql';
import { GET_VINCULADO_VIGENTE_SQL } from '../../queries/get-vinculado-vigente/get-vinculado-vigente.sql';
import { CONCEPTOS_SQL } from '../../queries/list-conceptos/list-conceptos.sql';
import { LISTA_GRUPOS_PAGO_SQL, listGruposPagoSql } from '../../queries/list-grupos-pago/grupos-pago.sql';
import { TIPOS_COTIZANTE_SQL } from '../../queries/list-tipos-cotizante/list-tipos-cotizante.sql';
import { listVinculadosSql } from '../../queries/list-vinculados/vinculados.sql';
import { VINCULADOS_EMPLEADO_SQL } from '../../queries/list-vinculados-empleado/list-vinculados-empleado.sql';
import { CONCEPTO_SCHEMA, ConceptoDto, ConceptosResponseDto, writeConceptos } from './concepto.response.dto';
import {
  GRUPO_PAGO_RESUMEN_SCHEMA,
  GRUPO_PAGO_SCHEMA,
  GrupoPagoDetalleDto,
  GrupoPagoResponseDto,
  GruposPagoResponseDto,
  GruposPagoResumenResponseDto,
  writeGruposPago,
  writeGruposPagoResumen,
} from './grupo-pago.response.dto';
import {
  TIPO_COTIZANTE_SCHEMA,
  TipoCotizanteDto,
  TiposCotizanteResponseDto,
  VINCULADO_SCHEMA,
  VinculadoDto,
  VinculadoResponseDto,
  VinculadosResponseDto,
  writeTiposCotizante,
  writeVinculados,
} from './vinculado.response.dto';

/**
 * A payroll field lives in four places: the SELECT alias, the row/view type, the legacy writer's
 * schema (the wire bytes) and the response DTO (the OpenAPI document). The types are linked at
 * compile time (each DTO file's `*WireFields`); the ORDER and nullability, which no type holds,
 * are checked here: a field added, dropped, reordered or made nullable in one place and not the
 * others fails one of these tests.
 */
const ENDPOINTS: [string, Type<unknown>, Type<unknown>, LegacyObjectSchema, string][] = [
  ['GET /pagos', PagosResponseDto, PagoDto, PAGO_SCHEMA, writePagos([], 0)],
  ['GET /pagos/{uuid}', PagosResponseDto, PagoDto, PAGO_SCHEMA, writePagos([], 0)],
  [
    'GET /pagoEmpleados/{uuidEmpleado}/historialPagos',
    HistorialPagosResponseDto,
    HistorialPagoDto,
    HISTORIAL_PAGO_SCHEMA,
    writeHistorialPagos([], 0),
  ],
  // The explorer's body is streamed; its bytes are envelopeWriter's (legacy-json.spec.ts).
  [
    'GET /pagoEmpleadoDetalles/conceptosacumulados/…/false',
    AcumuladoPorConceptoResponseDto,
    AcumuladoConceptoDto,
    ACUMULADO_CONCEPTO_SCHEMA,
    envelopeWriter(ACUMULADO_CONCEPTO_SCHEMA)([], 0),
  ],
  [
    'GET /pagoEmpleadoDetalles/conceptosacumulados/…/true',
    AcumuladoPorConceptoResponseDto,
    AcumuladoConceptoContactoDto,
    ACUMULADO_CONCEPTO_CONTACTO_SCHEMA,
    envelopeWriter(ACUMULADO_CONCEPTO_CONTACTO_SCHEMA)([], 0),
  ],
  ['GET /pagoEmpleados', PagoEmpleadosResponseDto, PagoEmpleadoDto, PAGO_EMPLEADO_SCHEMA, writePagoEmpleados([], 0)],
  [
    'GET /pagoEmpleadoDetalles/{uuidPagoEmpleado}',
    PagoEmpleadoDetallesResponseDto,
    PagoEmpleadoDetalleDto,
    PAGO_EMPLEADO_DETALLE_SCHEMA,
    writePagoEmpleadoDetalles([], 0),
  ],
  ['GET /pagoEmpleadoDetalles/detallePago/{idPago}', DetallePagoResponseDto, DetallePagoDto, DETALLE_PAGO_SCHEMA, writeDetallePago([], 0)],
  ['GET /empleados', EmpleadosResponseDto, EmpleadoDto, EMPLEADO_SCHEMA, writeEmpleados([], 0)],
  ['GET /empleados/{tipoDocumento}/{identificacion}', EmpleadoResponseDto, EmpleadoDto, EMPLEADO_SCHEMA, writeEmpleados([], 0)],
  ['GET /empleados/{uuid}', EmpleadoResponseDto, EmpleadoDto, EMPLEADO_SCHEMA, writeEmpleados([], 0)],
  [
    'GET /pagoEmpleadoDetalles/conceptosacumulados/…',
    ConceptosAcumuladosResponseDto,
    ConceptoAcumuladoDto,
    CONCEPTO_ACUMULADO_SCHEMA,
    writeConceptosAcumulados([], 0),
  ],
  ['GET /vinculados', VinculadosResponseDto, VinculadoDto, VINCULADO_SCHEMA, writeVinculados([], 0)],
  ['GET /vinculados/{uuid}', VinculadoResponseDto, VinculadoDto, VINCULADO_SCHEMA, writeVinculados([], 0)],
  ['GET /vinculados/tiposCotizante', TiposCotizanteResponseDto, TipoCotizanteDto, TIPO_COTIZANTE_SCHEMA, writeTiposCotizante([], 0)],
  ['GET /gruposPagos', GruposPagoResponseDto, GrupoPagoDetalleDto, GRUPO_PAGO_SCHEMA, writeGruposPago([], 0)],
  ['GET /gruposPagos/{uuid}', GrupoPagoResponseDto, GrupoPagoDetalleDto, GRUPO_PAGO_SCHEMA, writeGruposPago([], 0)],
  ['GET /gruposPagos/listagrupos', GruposPagoResumenResponseDto, GrupoPagoDto, GRUPO_PAGO_RESUMEN_SCHEMA, writeGruposPagoResumen([], 0)],
  ['GET /conceptos', ConceptosResponseDto, ConceptoDto, CONCEPTO_SCHEMA, writeConceptos([], 0)],
  [
    'GET /pagos/nominaelectronica/{ano}/{mes}',
    NominaElectronicaResponseDto,
    DocumentoNominaElectronicaDto,
    DOCUMENTO_NOMINA_ELECTRONICA_SCHEMA,
    [...writeNominaElectronica([], 0)].join(''),
  ],
];

describe.each(ENDPOINTS)('%s response DTO', (_endpoint, envelope, element, schema, emptyBody) => {
  it('documents the envelope the writer writes, in its order', () => {
    expect(documentedProperties(envelope).map((p) => p.name)).toEqual(Object.keys(JSON.parse(emptyBody) as object));
  });

  it("documents exactly the writer's element fields, in order, with the same nullability and types", () => {
    expect(legacySchemaDrift(element, schema)).toEqual([]);
  });
});

/** Column aliases in the order a statement first names them (`... as "fechaDesde"`), without the page's `total`. */
function selectAliases(sql: string): string[] {
  return [...new Set([...sql.matchAll(/ as "(\w+)"/g)].map((m) => m[1]))].filter((alias) => alias !== 'total');
}

/** The writer's fields as flat SQL aliases; `prefixes` names nested objects read as prefixed columns (grupoPago → grupoUuid…). */
function flatFields(schema: LegacyObjectSchema, prefixes: Record<string, string> = {}): string[] {
  return Object.entries(schema).flatMap(([name, field]) => {
    if (!(name in prefixes)) return [name];
    const inner = (typeof field === 'object' && 'nullable' in field ? field.nullable : field) as LegacyObjectSchema;
    return Object.keys(inner).map((key) => prefixes[name] + key[0].toUpperCase() + key.slice(1));
  });
}

const ACUMULADOS_SQL = conceptosAcumuladosSql({
  tenantId: 't',
  fechaDesde: '2024-01-01',
  fechaHasta: '2024-12-31',
  fuente: 'generica',
  offset: 0,
  size: 20,
  sort: CONCEPTOS_ACUMULADOS_LIST.defaultSort,
}).text;

describe.each([
  ['GET /pagos', listPagosSql(true, 'order by p.id').page, flatFields(PAGO_SCHEMA, { grupoPago: 'grupo' })],
  ['GET /pagos/{uuid}', GET_PAGO_SQL.text, flatFields(PAGO_SCHEMA, { grupoPago: 'grupo' })],
  [
    'GET /pagoEmpleados/{uuidEmpleado}/historialPagos',
    historialPagosSql('t', 'e', { estados: ['PG'], filter: 'x' }, 'order by pe.id').page,
    flatFields(HISTORIAL_PAGO_SCHEMA),
  ],
  ...([false, true] as const).map((porContacto): [string, string, string[]] => [
    `GET /pagoEmpleadoDetalles/conceptosacumulados/…/${porContacto}`,
    acumuladoPorConceptoSql({ tenantId: 't', fechaDesde: '2023-06-01', fechaHasta: '2025-02-01', paraAportes: true, porContacto }).text,
    flatFields(porContacto ? ACUMULADO_CONCEPTO_CONTACTO_SCHEMA : ACUMULADO_CONCEPTO_SCHEMA),
  ]),
  ['GET /pagoEmpleados', listPagoEmpleadosSql(true, 'order by pe.id').page, flatFields(PAGO_EMPLEADO_SCHEMA)],
  ['GET /pagoEmpleadoDetalles/{uuidPagoEmpleado}', PAGO_EMPLEADO_DETALLES_SQL.text, flatFields(PAGO_EMPLEADO_DETALLE_SCHEMA)],
  ['GET /pagoEmpleadoDetalles/detallePago/{idPago}', DETALLE_PAGO_SQL.text, flatFields(DETALLE_PAGO_SCHEMA)],
  ['GET /empleados', listEmpleadosSql(true, 'order by v.id').page, flatFields(EMPLEADO_SCHEMA)],
  ['GET /empleados/{tipoDocumento}/{identificacion}', GET_EMPLEADO_SQL.text, flatFields(EMPLEADO_SCHEMA)],
  ['GET /empleados/{uuid}', GET_EMPLEADO_POR_UUID_SQL.text, flatFields(EMPLEADO_SCHEMA)],
  ['GET /pagoEmpleadoDetalles/conceptosacumulados/…', ACUMULADOS_SQL, flatFields(CONCEPTO_ACUMULADO_SCHEMA)],
  [
    'GET /vinculados',
    listVinculadosSql('vigentes', true, 'order by v.id').page,
    flatFields(VINCULADO_SCHEMA, { tipoCotizante: 'tipoCotizante' }),
  ],
  [
    'GET /vinculados/desvinculados (whole list)',
    listVinculadosSql('desvinculados', true, 'order by v.id').whole,
    flatFields(VINCULADO_SCHEMA, { tipoCotizante: 'tipoCotizante' }),
  ],
  ['GET /vinculados/{uuid}', GET_VINCULADO_SQL.text, flatFields(VINCULADO_SCHEMA, { tipoCotizante: 'tipoCotizante' })],
  [
    'GET /vinculados/empleado/{uuidEmpleado}',
    VINCULADOS_EMPLEADO_SQL.text,
    flatFields(VINCULADO_SCHEMA, { tipoCotizante: 'tipoCotizante' }),
  ],
  [
    'GET /vinculados/integracion/empleado/{tipoDocumento}/{idEmpleado}',
    GET_VINCULADO_VIGENTE_SQL.text,
    flatFields(VINCULADO_SCHEMA, { tipoCotizante: 'tipoCotizante' }),
  ],
  ['GET /vinculados/tiposCotizante', TIPOS_COTIZANTE_SQL, flatFields(TIPO_COTIZANTE_SCHEMA)],
  ['GET /gruposPagos', listGruposPagoSql(true, 'order by g.id').page, flatFields(GRUPO_PAGO_SCHEMA)],
  ['GET /gruposPagos/{uuid}', GET_GRUPO_PAGO_SQL.text, flatFields(GRUPO_PAGO_SCHEMA)],
  ['GET /gruposPagos/listagrupos', LISTA_GRUPOS_PAGO_SQL, flatFields(GRUPO_PAGO_RESUMEN_SCHEMA)],
  ['GET /conceptos', CONCEPTOS_SQL, flatFields(CONCEPTO_SCHEMA)],
  // The numbering fields come from the command's second statement, not from the documents' SELECT.
  [
    'GET /pagos/nominaelectronica/{ano}/{mes}',
    DOCUMENTOS_NOMINA_SQL,
    flatFields(DOCUMENTO_NOMINA_ELECTRONICA_SCHEMA).filter((f) => !['numero', 'prefijo', 'consecutivo', 'ano', 'mes'].includes(f)),
  ],
])('%s SQL', (_endpoint, sql, fields) => {
  it("selects the writer's fields under their wire names, in wire order", () => {
    expect(selectAliases(sql)).toEqual(fields);
  });
});
