import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { toWireUuid } from '@nomina-api/platform/http';
import { SqlReader } from '@nomina-api/platform/persistence';
import { NominaError, NominaErrorCode } from '../../nomina.errors';
import { toVinculadoView, type VinculadoRow, type VinculadoView } from '../list-vinculados/vinculado.view';
import { GetVinculadoQuery } from './get-vinculado.query';
import { GET_VINCULADO_SQL } from './get-vinculado.sql';

@QueryHandler(GetVinculadoQuery)
export class GetVinculadoHandler implements IQueryHandler<GetVinculadoQuery, VinculadoView> {
  constructor(private readonly sql: SqlReader) {}

  async execute({ tenantId, vinculadoId }: GetVinculadoQuery): Promise<VinculadoView> {
    const [row] = await this.sql.query<VinculadoRow>(GET_VINCULADO_SQL, [tenantId, vinculadoId]);
    if (!row) {
      throw new NominaError(
        NominaErrorCode.VINCULADO_NO_ENCONTRADO,
        `No existe la vinculación ${toWireUuid(vinculadoId)}. Use el uuid de un elemento de GET /vinculados o GET /vinculados/desvinculados.`,
      );
    }
    return toVinculadoView(row);
  }
}
