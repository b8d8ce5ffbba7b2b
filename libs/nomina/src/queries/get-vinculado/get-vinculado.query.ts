import { Query } from '@nestjs/cqrs';
import type { VinculadoView } from '../list-vinculados/vinculado.view';

/** GET /vinculados/{uuid} (CONTRACT §11.1): one bond, current or not. */
export class GetVinculadoQuery extends Query<VinculadoView> {
  constructor(
    readonly tenantId: string,
    readonly vinculadoId: string,
  ) {
    super();
  }
}
