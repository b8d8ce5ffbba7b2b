import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/public.decorator';
import { PlatformError, PlatformErrorCode } from '../errors/domain-error';
import { SqlReader } from '../persistence/sql-reader';
import { ApiLive, ApiReady } from './health.openapi';

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
  @ApiLive()
  live(): { status: string } {
    return { status: 'ok' };
  }

  @Get('ready')
  @ApiReady()
  async ready(): Promise<{ status: string; migrations: number }> {
    let applied: Set<string>;
    try {
      const rows = await this.sql.query<{ name: string }>('select name from schema_migrations');
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
