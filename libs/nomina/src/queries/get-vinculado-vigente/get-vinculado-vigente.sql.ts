import { prepared } from '@nomina-api/platform/persistence';
import { POR_DOCUMENTO, ultimaVinculacion } from '../get-empleado/get-empleado.sql';
import { vigenteHoy } from '../list-empleados/list-empleados.sql';
import { VINCULADO_COLUMNS } from '../list-vinculados/vinculados.sql';

/**
 * $1 tenant, $2 document type, $3 document number. The person found as GET /empleados/{tipo}/{id}
 * finds it, with its current bond (the most recent one, if several are). No row: unknown person;
 * a row whose bond columns are null: a person without a current bond.
 */
export const GET_VINCULADO_VIGENTE_SQL = prepared(`${VINCULADO_COLUMNS}${ultimaVinculacion(vigenteHoy('vv'))}${POR_DOCUMENTO}`);
