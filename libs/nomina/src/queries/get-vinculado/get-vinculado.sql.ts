import { prepared } from '@nomina-api/platform/persistence';
import { VINCULADO_COLUMNS, VINCULADO_FROM } from '../list-vinculados/vinculados.sql';

/** $1 tenant, $2 bond id: one bond, current or not, by the primary key. */
export const GET_VINCULADO_SQL = prepared(`${VINCULADO_COLUMNS}${VINCULADO_FROM}
   where v.tenant_id = $1
     and v.id = $2`);
