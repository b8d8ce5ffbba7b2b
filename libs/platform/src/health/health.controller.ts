import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/public.decorator';
import { PlatformError, PlatformErrorCode } from '../errors/domain-error';
import { ApiProblem } from '../http/api-problem.decorator';
import { SqlReader } from '../persistence/sql-reader';

/**
 * /health/ready answers within this whatever the database does (CONTRACT §7: 503 within 2 s):
 * a frozen server would otherwise hold the probe until the query's own deadline.
 */
export const READY_DEADLINE_MS = 1500;

/** Names of every migration the running code expects (provided by the app). */
export const EXPECTED_MIGRATIONS = Symbol('EXPECTED_MIGRATIONS');

@ApiTags('Salud')
@Controller('health')
@Public()
export class HealthController {
  constructor(
    private readonly sql: SqlReader,
    @Inject(EXPECTED_MIGRATIONS) private readonly expected: string[],
  ) {}

  @Get('live')
  @ApiOperation({ summary: 'El proceso está vivo' })
  @ApiOkResponse({ schema: { example: { status: 'ok' } } })
  live(): { status: string } {
    return { status: 'ok' };
  }

  @Get('ready')
  @ApiOperation({ summary: 'Listo para atender: base de datos alcanzable y migrada' })
  @ApiOkResponse({ schema: { example: { status: 'ready', migrations: 4 } } })
  @ApiProblem(503, 'La base de datos no responde o faltan migraciones.')
  async ready(): Promise<{ status: string; migrations: number }> {
    let applied: Set<string>;
    try {
      const rows = await withDeadline(this.sql.query<{ name: string }>('select name from schema_migrations'), READY_DEADLINE_MS);
      applied = new Set(rows.map((r) => r.name));
    } catch {
      throw new PlatformError(PlatformErrorCode.SERVICE_UNAVAILABLE, 'La base de datos no está disponible.', undefined, { 'retry-after': '5' });
    }
    const missing = this.expected.filter((name) => !applied.has(name));
    if (missing.length) {
      throw new PlatformError(PlatformErrorCode.SERVICE_UNAVAILABLE, `Faltan migraciones por aplicar: ${missing.join(', ')}. Ejecute npm run migrate.`);
    }
    return { status: 'ready', migrations: applied.size };
  }
}

/** The promise's outcome, or a rejection after `ms` (the promise keeps running; its result is dropped). */
function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('deadline')), ms);
  });
  // A late rejection of the abandoned query must not surface as an unhandled rejection.
  promise.catch(() => undefined);
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
