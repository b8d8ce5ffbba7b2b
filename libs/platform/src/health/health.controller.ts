import { Controller, Get, Inject, Optional } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/public.decorator';
import { PlatformError, PlatformErrorCode } from '../errors/domain-error';
import { ApiProblem } from '../http/api-problem.decorator';
import { type PoolReport, ReadPools } from '../persistence/read-pools';
import { SqlReader } from '../persistence/sql-reader';

/** Names of every migration the running code expects (provided by the app). */
export const EXPECTED_MIGRATIONS = Symbol('EXPECTED_MIGRATIONS');

@ApiTags('Salud')
@Controller('health')
@Public()
export class HealthController {
  constructor(
    private readonly sql: SqlReader,
    @Inject(EXPECTED_MIGRATIONS) private readonly expected: string[],
    @Optional() private readonly reads?: ReadPools,
  ) {}

  @Get('live')
  @ApiOperation({ summary: 'El proceso está vivo' })
  @ApiOkResponse({ schema: { example: { status: 'ok' } } })
  live(): { status: string } {
    return { status: 'ok' };
  }

  @Get('ready')
  @ApiOperation({ summary: 'Listo para atender: base de datos alcanzable y migrada' })
  @ApiOkResponse({
    description: '`pools` (solo con DATABASE_REPLICA_URLS): la primaria y cada réplica de DATABASE_REPLICA_URLS con su estado (disponible, retrasada, caida, no_es_replica), retraso y conexiones.',
    schema: { example: { status: 'ready', migrations: 4, pools: [{ pool: 'primaria', servidor: '10.0.0.5:5432', estado: 'principal', retrasoMs: null, conexiones: { usadas: 1, libres: 3, esperando: 0, max: 10 }, lecturas: 120 }, { pool: 'replica-1', servidor: '10.0.0.6:5432', estado: 'disponible', retrasoMs: 0, conexiones: { usadas: 2, libres: 5, esperando: 0, max: 10 }, lecturas: 5310 }] } },
  })
  @ApiProblem(503, 'La base de datos no responde o faltan migraciones.')
  async ready(): Promise<{ status: string; migrations: number; pools?: PoolReport[] }> {
    let applied: Set<string>;
    try {
      // Ready means the primary answers: replicas only add capacity (their state is reported below).
      const rows = await this.sql.queryOnPrimary<{ name: string }>('select name from schema_migrations');
      applied = new Set(rows.map((r) => r.name));
    } catch {
      throw new PlatformError(PlatformErrorCode.SERVICE_UNAVAILABLE, 'La base de datos no está disponible.', undefined, { 'retry-after': '5' });
    }
    const missing = this.expected.filter((name) => !applied.has(name));
    if (missing.length) {
      throw new PlatformError(PlatformErrorCode.SERVICE_UNAVAILABLE, `Faltan migraciones por aplicar: ${missing.join(', ')}. Ejecute npm run migrate.`);
    }
    return { status: 'ready', migrations: applied.size, ...(this.reads?.replicas.length ? { pools: this.reads.report() } : {}) };
  }
}
