import { type DynamicModule, Module } from '@nestjs/common';
import { contextModule, contextModuleAsync, type ContextModuleAsyncOptions, type ContextModuleOptions } from '@nomina-api/platform/hosting';
import { ProveedoresController } from './http/proveedores.controller';
import { FindProveedorHandler } from './queries/find-proveedor/find-proveedor.handler';
import { PROVEEDORES_SCHEMA } from './persistence/schema';
import { ListProveedoresHandler } from './queries/list-proveedores/list-proveedores.handler';

/**
 * Supplier query (CONTRACT §5). Imported as is, SqlReader and the CQRS buses come from the global
 * PlatformModule (the standalone app); `ProveedoresModule.forRoot()` mounts it in a host app.
 */
@Module({
  controllers: [ProveedoresController],
  providers: [FindProveedorHandler, ListProveedoresHandler],
})
export class ProveedoresModule {
  /** Suppliers inside a host Nest app: same options and requirements as NominaModule.forRoot(). */
  static forRoot(options: ContextModuleOptions = {}): DynamicModule {
    return contextModule(ProveedoresModule, PROVEEDORES_SCHEMA, options);
  }

  /** forRoot with the options from a factory of the host's (e.g. its ConfigService), resolved at bootstrap. */
  static forRootAsync(options: ContextModuleAsyncOptions): DynamicModule {
    return contextModuleAsync(ProveedoresModule, PROVEEDORES_SCHEMA, options);
  }
}
