import { Controller, Get, Inject, type OnApplicationBootstrap, Optional } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/public.decorator';
import { ReadPools } from '../persistence/read-pools';
import { SqlReader } from '../persistence/sql-reader';
import { EXPECTED_MIGRATIONS } from '../config/config.tokens';
import { ApiLive, ApiReady } from './health.openapi';
import { type Readiness, readiness } from './readiness';

export { EXPECTED_MIGRATIONS };

@ApiTags('Salud')
@Controller('health')
@Public()
export class HealthController implements OnApplicationBootstrap {
  constructor(
    private readonly sql: SqlReader,
    @Inject(EXPECTED_MIGRATIONS) private readonly expected: string[],
    @Optional() private readonly reads?: ReadPools,
  ) {}

  /** One check at start, so a readiness probe that meets a saturated pool knows the migrations already. */
  async onApplicationBootstrap(): Promise<void> {
    await readiness(this.sql, this.expected).catch(() => undefined);
  }

  @Get('live')
  @ApiLive()
  live(): { status: string } {
    return { status: 'ok' };
  }

  @Get('ready')
  @ApiReady()
  async ready(): Promise<Readiness> {
    return readiness(this.sql, this.expected, this.reads);
  }
}
