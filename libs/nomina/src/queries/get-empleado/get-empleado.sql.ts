import { prepared } from '@nomina-api/platform/persistence';

/**
 * The person with the fields of the most recent bond: latest fechaIngreso, then the greater bond
 * uuid (the order of index vinculacion_empleado); bond fields null without a bond.
 */
const EMPLEADO_MAS_RECIENTE = `
  select e.id as "empleadoUuid", e.identificacion as "identificacion", v.id as "vinculadoUuid",
         e.tipo_documento as "tipoDocumento", e.nombre_completo as "nombreCompleto",
         v.fecha_ingreso as "fechaIngreso", v.fecha_retiro as "fechaRetiro",
         v.salario_base as "salarioBase", v.salario_integral as "salarioIntegral", tc.descripcion as "tipoCotizante"
    from empleado e
    left join lateral (
           select vv.id, vv.fecha_ingreso, vv.fecha_retiro, vv.salario_base, vv.salario_integral, vv.tipo_cotizante
             from vinculacion vv
            where vv.tenant_id = e.tenant_id and vv.empleado_id = e.id
            order by vv.fecha_ingreso desc, vv.id desc
            limit 1) v on true
    left join tipo_cotizante tc on tc.tenant_id = e.tenant_id and tc.codigo = v.tipo_cotizante`;

/**
 * $1 tenant, $2 document type, $3 document number (CONTRACT §3.9). The person, current or not.
 * The number matches exactly first and, failing that, case-insensitively (passports carry letters).
 */
export const GET_EMPLEADO_SQL = prepared(`${EMPLEADO_MAS_RECIENTE}
   where e.tenant_id = $1
     and e.tipo_documento = $2
     and e.identificacion_fold = lower($3)
   order by (e.identificacion = $3) desc, e.id
   limit 1`);

/** $1 tenant, $2 person uuid (CONTRACT §11.2): the same element, found by the primary key. */
export const GET_EMPLEADO_POR_UUID_SQL = prepared(`${EMPLEADO_MAS_RECIENTE}
   where e.tenant_id = $1
     and e.id = $2`);
