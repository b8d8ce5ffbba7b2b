import type { FastifyRequest } from 'fastify';
import passport from 'passport';
import { DomainError, PlatformError, PlatformErrorCode } from '../errors/domain-error';
import type { AuthAdapter, PrincipalIds } from './auth-adapter';

/** What passport's callback receives for a request that did not authenticate. */
export type PassportFailure = { info?: unknown; error?: unknown };

/**
 * An AuthAdapter over a strategy registered in passport under `strategyName`: what
 * `AuthGuard(strategyName)` of @nestjs/passport runs (`passport.authenticate(name, { session: false }, callback)`),
 * with its outcome as the caller's ids. A host that already runs @nestjs/passport plugs its own
 * strategy in this way — `new PassportAuthAdapter('host-jwt', (user) => ({ tenantId: user.org, … }))` —
 * and our default JWT adapter is one of these, under a name of its own per app.
 */
export class PassportAuthAdapter implements AuthAdapter {
  constructor(
    readonly strategyName: string,
    /** The strategy's user as the caller's ids (default: the user is the ids). */
    private readonly toIds: (user: unknown) => PrincipalIds | null = (user) => user as PrincipalIds,
    /** The 401 of a failed attempt (default: a generic UNAUTHENTICATED). */
    private readonly failure: (outcome: PassportFailure) => Error = () =>
      new PlatformError(PlatformErrorCode.UNAUTHENTICATED, 'La solicitud no identifica al usuario: credenciales ausentes o no válidas.'),
    readonly challenge?: string,
  ) {}

  async authenticate(request: FastifyRequest): Promise<PrincipalIds | null> {
    return this.toIds(await this.user(request));
  }

  /** The strategy's user for this request; rejects with `failure` when it did not authenticate. */
  user(request: FastifyRequest): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const done = (err: unknown, user: unknown, info: unknown): void => {
        if (err) reject(err instanceof DomainError ? err : this.failure({ error: err }));
        else if (!user) reject(this.failure({ info }));
        else resolve(user);
      };
      // passport's middleware signature (req, res, next); the strategies here read only the request.
      const middleware = passport.authenticate(this.strategyName, { session: false }, done) as (
        req: unknown,
        res: unknown,
        next: (err?: unknown) => void,
      ) => void;
      middleware(request, {}, (err) => reject(err ?? this.failure({})));
    });
  }
}
