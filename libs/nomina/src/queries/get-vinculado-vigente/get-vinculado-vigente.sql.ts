import { prepared } from '@nomina-api/platform/persistence';
import { TODAY_BOGOTA } from '../list-empleados/list-empleados.sql';
import { VINCULADO_COLUMNS } from '../list-vinculados/vinculados.sql';

/**
 * $1 tenant, $2 document type, $3 document number. The person found as GET /empleados/{tipo}/{id}
 * finds it (the number exactly first, else case-insensitively; index empleado_documento_fold) with
 * its current bond, the most recent one by fechaIngreso then bond uuid (index vinculacion_empleado).
 * No row: unknown person; a row whose bond columns are null: a person without a current bond.
 */
export const GET_VINCULADO_VIGENTE_SQL = prepared(`${VINCULADO_COLUMNS}
    from empleado e
    left join lateral (
           select vv.id, vv.fecha_ingreso, vv.fecha_retiro, vv.salario_base, vv.salario_integral, vv.tipo_cotizante
             from vinculacion vv
            where vv.tenant_id = e.tenant_id and vv.empleado_id = e.id
              and vv.fecha_ingreso <= ${TODAY_BOGOTA}
              and (vv.fecha_retiro is null or vv.fecha_retiro >= ${TODAY_BOGOTA})
            order by vv.fecha_ingreso desc, vv.id desc
            limit 1) v on true
    left join tipo_cotizante tc on tc.tenant_id = e.tenant_id and tc.codigo = v.tipo_cotizante
   where e.tenant_id = $1
     and e.tipo_documento = $2
     and e.identificacion_fold = lower($3)
   order by (e.identificacion = $3) desc, e.id
   limit 1`);
