import { Client } from 'pg';
import type { Dataset } from '@nomina-api/importer/dataset.types';

/**
 * A tenant with one user and, once `addBulkEmployees` ran, tens of thousands of current bonds:
 * `GET /empleados?format=csv` is then a download of several MB (≈ 290 bytes a bond: long names, so that fewer rows — faster to insert — make the size), more than
 * loopback's socket buffers hold, so a client that stops reading stalls the cursor mid-way.
 * Shared by test/stream-stall.e2e-spec.ts and `npm run chaos`.
 */
export const BULK_TENANT = '5e5e5e5e-0000-4000-8000-000000000001';
export const BULK_USER = { email: 'descargas@bulk.example.co', password: 'Descargas#2026-bulk' };
const BULK_BUSINESS = '5e5e5e5e-1111-4000-8000-000000000001';

export function bulkTenantDataset(): Dataset {
  return {
    tenants: [
      {
        uuid: BULK_TENANT,
        nit: '900777001',
        nombre: 'Descargas masivas S.A.S.',
        activo: true,
        negocios: [{ uuid: BULK_BUSINESS, nombre: 'Principal' }],
        usuarios: [
          {
            uuid: '5e5e5e5e-4444-4000-8000-000000000001',
            email: BULK_USER.email,
            password: BULK_USER.password,
            nombre: 'Descargas',
            apellido: 'Masivas',
            negocios: [BULK_BUSINESS],
          },
        ],
        tiposCotizante: [{ codigo: '01', descripcion: 'Dependiente' }],
      },
    ],
  };
}

/** `count` employees with one current bond each, in SQL (an import of that many would take most of a test's time). */
export async function addBulkEmployees(url: string, count: number): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `insert into empleado (tenant_id, id, tipo_documento, identificacion, nombres, apellidos)
       select $1, gen_random_uuid(), 'CC', (30000000 + g)::text, 'Nombre ' || g || repeat(' Largo', 12), 'Apellido ' || g || repeat(' Largo', 12)
         from generate_series(1, $2::int) g`,
      [BULK_TENANT, count],
    );
    await client.query(
      `insert into vinculacion (tenant_id, id, empleado_id, fecha_ingreso, fecha_retiro, salario_base, salario_integral, tipo_cotizante)
       select tenant_id, gen_random_uuid(), id, date '2020-01-01', null, 1300000, false, '01' from empleado where tenant_id = $1`,
      [BULK_TENANT],
    );
    await client.query('analyze empleado, vinculacion');
  } finally {
    await client.end();
  }
}
