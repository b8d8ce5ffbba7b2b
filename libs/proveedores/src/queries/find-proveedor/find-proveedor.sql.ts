import { prepared } from '@nomina-api/platform/persistence';

/**
 * All establishments of one supplier: from the definitive tables, or, only when it has none
 * there, from the entry tables. One statement, so both families are read in one snapshot.
 * $1 tenant, $2 normalised identification. Both branches are primary-key range scans on
 * (tenant_id, identificacion); codes compare in byte order (collate "C"). Rows: ProveedorRow.
 */
export const FIND_PROVEEDOR_SQL = prepared(`
  with definitiva as (
    select p.identificacion, p.digito_verificacion, p.tipo_identificacion, p.razon_social, p.nombre_comercial,
           e.codigo, e.nombre, e.direccion, e.ciudad, e.telefono, e.email, 'DEFINITIVA' as ubicacion
      from proveedor_establecimiento e
      join proveedor p on p.tenant_id = e.tenant_id and p.identificacion = e.identificacion
     where e.tenant_id = $1 and e.identificacion = $2
  )
  select r.*
    from (select * from definitiva
          union all
          select p.identificacion, p.digito_verificacion, p.tipo_identificacion, p.razon_social, p.nombre_comercial,
                 e.codigo, e.nombre, e.direccion, e.ciudad, e.telefono, e.email, 'ENTRADA'
            from proveedor_entrada_establecimiento e
            join proveedor_entrada p on p.tenant_id = e.tenant_id and p.identificacion = e.identificacion
           where e.tenant_id = $1 and e.identificacion = $2
             and not exists (select 1 from definitiva)) r
   order by r.codigo collate "C"`);
