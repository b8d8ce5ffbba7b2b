import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { PlatformError, PlatformErrorCode, validationError } from '../errors/domain-error';
import { httpRequest } from '../http/http-context';
import { normalizeUuid, uuidProblemMessage } from '../http/uuid';
import { PrincipalDirectory } from './principal-directory';

type ReportQuery = { businessId?: unknown; allBusiness?: unknown };

/**
 * Resolves which businesses a request covers (CONTRACT §4, §11.4): the token's business by
 * default, `businessId` (one of the user's, else 403; not a uuid → 400), or every business of the
 * user with `allBusiness=true` (with `businessId` too → 400), and puts them on the request
 * (`@CurrentBusinessScope()`, and the ETag). `@Secured({ business: true })`; PremiumGuard adds the
 * subscription check on top of it.
 */
@Injectable()
export class BusinessScopeGuard implements CanActivate {
  constructor(protected readonly directory: PrincipalDirectory) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    await this.resolveScope(httpRequest(context));
    return true;
  }

  /** The businesses of the request, also set as `req.businessScope`. */
  protected async resolveScope(req: FastifyRequest): Promise<string[]> {
    const user = req.principal;
    if (!user) throw new PlatformError(PlatformErrorCode.UNAUTHENTICATED, 'Falta el encabezado Authorization: Bearer <token>.');
    const query = (req.query ?? {}) as ReportQuery;
    const all = parseAllBusiness(query.allBusiness);
    const requested = query.businessId;
    if (all && requested !== undefined) {
      throw validationError([{ field: 'businessId', message: 'No combine businessId con allBusiness=true: use uno de los dos.' }]);
    }
    let businessIds: string[];
    if (all) {
      businessIds = (await this.directory.status(user.tenantId, user.userId))?.businessIds ?? [];
    } else if (requested !== undefined) {
      const id = normalizeUuid(requested);
      if (!id) throw validationError([{ field: 'businessId', message: uuidProblemMessage() }]);
      const own = (await this.directory.status(user.tenantId, user.userId))?.businessIds ?? [];
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
    req.businessScope = { businessIds, allBusiness: all };
    return businessIds;
  }
}

function parseAllBusiness(value: unknown): boolean {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  throw validationError([{ field: 'allBusiness', message: 'Debe ser true o false.' }]);
}
