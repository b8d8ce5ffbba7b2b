import type { ListGruposPagoQuery } from '../queries/list-grupos-pago/list-grupos-pago.query';
import { StreamGruposPagoQuery } from '../queries/list-grupos-pago/stream-grupos-pago.query';
import { GRUPO_PAGO_RESUMEN_SCHEMA, GRUPO_PAGO_SCHEMA, writeGruposPago, writeGruposPagoResumen } from './dto/grupo-pago.response.dto';
import { nominaList, nominaOne, nominaRows } from './nomina.reply';

/** GET /gruposPagos: the envelope of a page, or the file `gruposPagos-<fecha>`. */
export const GRUPOS_PAGOS_REPLY = nominaList(
  { resource: 'gruposPagos', schema: GRUPO_PAGO_SCHEMA, whole: (q: ListGruposPagoQuery) => new StreamGruposPagoQuery(q.tenantId, q.list) },
  writeGruposPago,
);

/** GET /gruposPagos/{uuid}: an envelope of one. */
export const GRUPO_PAGO_REPLY = nominaOne(writeGruposPago);

/** GET /gruposPagos/listagrupos: every group, or the file `listagrupos-<fecha>`. */
export const LISTA_GRUPOS_PAGOS_REPLY = nominaRows({ resource: 'listagrupos', schema: GRUPO_PAGO_RESUMEN_SCHEMA }, writeGruposPagoResumen);
