import { Module } from '@nestjs/common';
import { ProveedoresController } from './http/proveedores.controller';
import { FindProveedorHandler } from './queries/find-proveedor/find-proveedor.handler';
import { ListProveedoresHandler } from './queries/list-proveedores/list-proveedores.handler';

/** Supplier query (CONTRACT §5). SqlReader and the CQRS buses come from the global PlatformModule. */
@Module({
  controllers: [ProveedoresController],
  providers: [FindProveedorHandler, ListProveedoresHandler],
})
export class ProveedoresModule {}
