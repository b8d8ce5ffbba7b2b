import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { PlatformError, PlatformErrorCode } from '../errors/domain-error';
import { httpRequest } from '../http/http-context';

/** The token's tenant must exist and be active (CONTRACT §2). Runs after AuthenticationGuard. */
@Injectable()
export class TenantGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const user = httpRequest(context).principal;
    if (!user?.tenantActive) {
      throw new PlatformError(PlatformErrorCode.TENANT_INACTIVE, 'Tenant no existe o está inactivo', undefined, {
        'www-authenticate': 'Bearer',
      });
    }
    return true;
  }
}
