import { ListPagosQuery } from '../queries/list-pagos/list-pagos.query';
import { StreamPagosQuery } from '../queries/list-pagos/stream-pagos.query';
import { PAGO_SCHEMA, writePagos } from './dto/pago.response.dto';
import { nominaList, nominaOne } from './nomina.reply';

/** GET /pagos: the envelope of a page, or the file `pagos-<fecha>`. */
export const PAGOS_REPLY = nominaList(
  { resource: 'pagos', schema: PAGO_SCHEMA, whole: (q: ListPagosQuery) => new StreamPagosQuery(q.tenantId, q.estados, q.list) },
  writePagos,
);

/** GET /pagos/{uuid}: an envelope of one. */
export const PAGO_REPLY = nominaOne(writePagos);
