import { prepared } from '@nomina-api/platform/persistence';
import { GET_GRUPO_PAGO_TEXT } from '../list-grupos-pago/grupos-pago.sql';

/** $1 tenant, $2 group id: the list's element by the whole key, planned once per connection. */
export const GET_GRUPO_PAGO_SQL = prepared(GET_GRUPO_PAGO_TEXT);
