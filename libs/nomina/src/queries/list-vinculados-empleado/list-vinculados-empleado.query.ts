import { Query } from '@nestjs/cqrs';
import type { VinculadoView } from '../list-vinculados/vinculado.view';

/** GET /vinculados/empleado/{uuidEmpleado} (CONTRACT §11.1): every bond of the person, newest first; not paged. */
export class ListVinculadosEmpleadoQuery extends Query<VinculadoView[]> {
  constructor(
    readonly tenantId: string,
    readonly empleadoId: string,
  ) {
    super();
  }
}
