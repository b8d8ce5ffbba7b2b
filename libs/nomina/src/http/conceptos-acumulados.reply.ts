import type { AcumuladoPorConceptoQuery } from '../queries/acumulado-por-concepto/acumulado-por-concepto.query';
import { ConceptosAcumuladosQuery } from '../queries/conceptos-acumulados/conceptos-acumulados.query';
import { StreamConceptosAcumuladosQuery } from '../queries/conceptos-acumulados/stream-conceptos-acumulados.query';
import {
  ACUMULADO_CONCEPTO_CONTACTO_SCHEMA,
  ACUMULADO_CONCEPTO_SCHEMA,
  streamAcumuladoConceptos,
  streamAcumuladoConceptosContacto,
} from './dto/acumulado-por-concepto.response.dto';
import { CONCEPTO_ACUMULADO_SCHEMA, writeConceptosAcumulados } from './dto/conceptos-acumulados.response.dto';
import { nominaList, nominaStream } from './nomina.reply';

/** GET /pagoEmpleadoDetalles/conceptosacumulados/…: the envelope of a page, or the file `conceptosacumulados-<desde>-<hasta>`. */
export const CONCEPTOS_ACUMULADOS_REPLY = nominaList(
  {
    resource: 'conceptosacumulados',
    schema: CONCEPTO_ACUMULADO_SCHEMA,
    name: (q: ConceptosAcumuladosQuery) => ({ range: [q.fechaDesde, q.fechaHasta] }),
    whole: (q: ConceptosAcumuladosQuery) =>
      new StreamConceptosAcumuladosQuery(q.tenantId, q.fechaDesde, q.fechaHasta, q.paraAportes, q.list),
  },
  writeConceptosAcumulados,
);

const range = (q: AcumuladoPorConceptoQuery) => ({ range: [q.fechaDesde, q.fechaHasta] as const });

/**
 * GET /pagoEmpleadoDetalles/conceptosacumulados/…/{porContacto}: the whole result from the cursor —
 * JSON written while it arrives, or the file `conceptosacumuladosPorConcepto-<desde>-<hasta>`
 * (`…PorContacto-…` per concept and bond). One spec per form: each writes its own element.
 */
export const ACUMULADO_POR_CONCEPTO_REPLY = {
  porConcepto: nominaStream(
    { resource: 'conceptosacumuladosPorConcepto', schema: ACUMULADO_CONCEPTO_SCHEMA, name: range },
    streamAcumuladoConceptos,
  ),
  porContacto: nominaStream(
    { resource: 'conceptosacumuladosPorContacto', schema: ACUMULADO_CONCEPTO_CONTACTO_SCHEMA, name: range },
    streamAcumuladoConceptosContacto,
  ),
};
