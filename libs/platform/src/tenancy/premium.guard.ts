import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { PlatformError, PlatformErrorCode, validationError } from '../errors/domain-error';
import { normalizeUuid, uuidProblemMessage } from '../http/uuid';
import { PrincipalDirectory } from './principal-directory';
import { httpRequest } from '../http/http-context';

type ReportQuery = { businessId?: unknown; allBusiness?: unknown };

/**
 * Resolves which businesses a request covers and requires each to have a PREMIUM subscription
 * active now (CONTRACT §2, §4): the token's business by default, `businessId` (one of the
 * user's, else 403), or every business of the user with `allBusiness=true`.
 */
@Injectable()
export class PremiumGuard implements CanActivate {
  constructor(private readonly directory: PrincipalDirectory) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = httpRequest(context);
    const user = req.principal;
    if (!user) throw new PlatformError(PlatformErrorCode.UNAUTHENTICATED, 'Falta el encabezado Authorization: Bearer <token>.');
    const query = (req.query ?? {}) as ReportQuery;
    const all = parseAllBusiness(query.allBusiness);
    const requested = query.businessId;
    if (all && requested !== undefined) {
      throw validationError([{ field: 'businessId', message: 'No combine businessId con allBusiness=true: use uno de los dos.' }]);
    }
    const status = await this.directory.status(user.tenantId, user.userId);
    const own = status?.businessIds ?? [];
    let businessIds: string[];
    if (all) {
      businessIds = own;
    } else if (requested !== undefined) {
      const id = normalizeUuid(requested);
      if (!id) throw validationError([{ field: 'businessId', message: uuidProblemMessage() }]);
      // A business of another tenant is "not yours", exactly like one that does not exist.
      if (!own.includes(id)) {
        throw new PlatformError(
          PlatformErrorCode.BUSINESS_FORBIDDEN,
          `El negocio ${requested} no pertenece al usuario; use uno de sus negocios (ver "businesses" en /login).`,
        );
      }
      businessIds = [id];
    } else {
      businessIds = [user.businessId];
    }
    const premium = await this.directory.premiumBusinesses(user.tenantId, businessIds);
    if (businessIds.length === 0 || businessIds.some((id) => !premium.has(id))) {
      throw new PlatformError(PlatformErrorCode.PREMIUM_REQUIRED, 'Suscripción premium requerida');
    }
    req.businessScope = { businessIds, allBusiness: all };
    return true;
  }
}

function parseAllBusiness(value: unknown): boolean {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  throw validationError([{ field: 'allBusiness', message: 'Debe ser true o false.' }]);
}
