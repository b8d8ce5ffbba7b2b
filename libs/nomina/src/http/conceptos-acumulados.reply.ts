import { ConceptosAcumuladosQuery } from '../queries/conceptos-acumulados/conceptos-acumulados.query';
import { StreamConceptosAcumuladosQuery } from '../queries/conceptos-acumulados/stream-conceptos-acumulados.query';
import { CONCEPTO_ACUMULADO_SCHEMA, writeConceptosAcumulados } from './dto/conceptos-acumulados.response.dto';
import { nominaList } from './nomina.reply';

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
