import { prepared } from '@nomina-api/platform/persistence';
import { PAGOS_SELECT } from '../list-pagos/list-pagos.sql';

/**
 * $1 tenant, $2 payment uuid (CONTRACT §11.2): the header of GET /pagos, by primary key. A payment
 * of type IN never appears in /pagos, so it is not found here either.
 */
export const GET_PAGO_SQL = prepared(`${PAGOS_SELECT}
   where p.tenant_id = $1
     and p.id = $2
     and p.tipo_pago <> 'IN'`);
