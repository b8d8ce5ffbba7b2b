import { Query } from '@nestjs/cqrs';
import type { EmpleadoRow } from '../list-empleados/empleado.row';

export const TIPOS_DOCUMENTO = ['CC', 'CE', 'TI', 'PA', 'PEP', 'PPT', 'NIT', 'RC'] as const;
export type TipoDocumento = (typeof TIPOS_DOCUMENTO)[number];

/** GET /empleados/{tipoDocumento}/{identificacion} (CONTRACT §3.9). */
export class GetEmpleadoQuery extends Query<EmpleadoRow> {
  constructor(
    readonly tenantId: string,
    readonly tipoDocumento: TipoDocumento,
    readonly identificacion: string,
  ) {
    super();
  }
}
