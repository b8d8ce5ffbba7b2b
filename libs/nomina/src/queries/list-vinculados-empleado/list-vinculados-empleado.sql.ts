import { prepared } from '@nomina-api/platform/persistence';
import { VINCULADO_COLUMNS } from '../list-vinculados/vinculados.sql';

/**
 * $1 tenant, $2 person id. The person drives the query, so an unknown person returns no row
 * (404) and a person without bonds one row whose bond columns are null (200, empty list). Bonds
 * come newest first from index vinculacion_empleado (tenant_id, empleado_id, fecha_ingreso desc,
 * id desc): the order that also picks a person's "most recent" bond in GET /empleados/{…}.
 */
export const VINCULADOS_EMPLEADO_SQL = prepared(`${VINCULADO_COLUMNS}
    from empleado e
    left join vinculacion v on v.tenant_id = e.tenant_id and v.empleado_id = e.id
    left join tipo_cotizante tc on tc.tenant_id = v.tenant_id and tc.codigo = v.tipo_cotizante
   where e.tenant_id = $1
     and e.id = $2
   order by v.fecha_ingreso desc, v.id desc`);
