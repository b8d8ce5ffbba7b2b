import { type ExecutionContext, Injectable } from '@nestjs/common';
import { PlatformError, PlatformErrorCode } from '../errors/domain-error';
import { httpRequest } from '../http/http-context';
import { BusinessScopeGuard } from './business-scope.guard';

/**
 * The business selection of BusinessScopeGuard (400/403), then a PREMIUM subscription active now
 * on every selected business (CONTRACT §2, §4; 402 otherwise).
 */
@Injectable()
export class PremiumGuard extends BusinessScopeGuard {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = httpRequest(context);
    const businessIds = await this.resolveScope(req);
    const premium = await this.directory.premiumBusinesses(req.principal!.tenantId, businessIds);
    if (businessIds.length === 0 || businessIds.some((id) => !premium.has(id))) {
      throw new PlatformError(PlatformErrorCode.PREMIUM_REQUIRED, 'Suscripción premium requerida');
    }
    return true;
  }
}
