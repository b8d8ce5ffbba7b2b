import { type DynamicModule, Module } from '@nestjs/common';
import { NominaModule } from '@nomina-api/nomina';
import { PlatformModule } from '@nomina-api/platform';
import type { AppConfig } from '@nomina-api/platform/config';
import { ProveedoresModule } from '@nomina-api/proveedores';
import { ReportesModule } from '@nomina-api/reportes';
import { APP_SCHEMA } from './database/schema';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, databaseUrl: string): DynamicModule {
    return {
      module: AppModule,
      imports: [PlatformModule.forRoot({ config, databaseUrl, schema: APP_SCHEMA }), NominaModule, ReportesModule, ProveedoresModule],
    };
  }
}
