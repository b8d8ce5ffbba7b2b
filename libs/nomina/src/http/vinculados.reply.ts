import type { ListVinculadosEmpleadoQuery } from '../queries/list-vinculados-empleado/list-vinculados-empleado.query';
import type { ListVinculadosQuery } from '../queries/list-vinculados/list-vinculados.query';
import type { VinculadoView } from '../queries/list-vinculados/vinculado.view';
import {
  TIPO_COTIZANTE_SCHEMA,
  VINCULADO_SCHEMA,
  writeTiposCotizante,
  writeVinculados,
  writeVinculadosStream,
} from './dto/vinculado.response.dto';
import { nominaListOrWhole, nominaOne, nominaRows } from './nomina.reply';

/** GET /vinculados and /vinculados/desvinculados: a page, or every bond (JSON streamed) — or the file `vinculados-<fecha>` / `desvinculados-<fecha>`. */
export const VINCULADOS_REPLY = {
  vigentes: nominaListOrWhole<ListVinculadosQuery, VinculadoView>(
    { resource: 'vinculados', schema: VINCULADO_SCHEMA },
    writeVinculados,
    writeVinculadosStream,
  ),
  desvinculados: nominaListOrWhole<ListVinculadosQuery, VinculadoView>(
    { resource: 'desvinculados', schema: VINCULADO_SCHEMA },
    writeVinculados,
    writeVinculadosStream,
  ),
};

/** GET /vinculados/{uuid} and /vinculados/integracion/empleado/{tipo}/{id}: an envelope of one. */
export const VINCULADO_REPLY = nominaOne(writeVinculados);

/** GET /vinculados/empleado/{uuidEmpleado}: every bond of the person, or the file `vinculadosEmpleado-<persona>-<fecha>`. */
export const VINCULADOS_EMPLEADO_REPLY = nominaRows(
  { resource: 'vinculadosEmpleado', schema: VINCULADO_SCHEMA, name: (q: ListVinculadosEmpleadoQuery) => ({ uuid: q.empleadoId }) },
  writeVinculados,
);

/** GET /vinculados/tiposCotizante: the catalog, or the file `tiposCotizante-<fecha>`. */
export const TIPOS_COTIZANTE_REPLY = nominaRows({ resource: 'tiposCotizante', schema: TIPO_COTIZANTE_SCHEMA }, writeTiposCotizante);
