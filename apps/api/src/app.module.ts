import { type DynamicModule, Module } from '@nestjs/common';
import { NominaModule } from '@app/nomina';
import { PlatformModule } from '@app/platform/platform.module';
import type { AppConfig } from '@app/platform/config/app-config';
import { ProveedoresModule } from '@app/proveedores';
import { ReportesModule } from '@app/reportes';
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
