import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import type { AuthPrincipal } from '../auth/auth-principal';
import { DomainError } from '../errors/domain-error';
import { PremiumGuard } from './premium.guard';
import type { PrincipalDirectory } from './principal-directory';
import { TenantGuard } from './tenant.guard';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const C = '33333333-3333-4333-8333-333333333333';

function context(user: AuthPrincipal | undefined, query: Record<string, unknown> = {}): { ctx: ExecutionContextHost; req: any } {
  const req: any = { principal: user, query };
  return { ctx: new ExecutionContextHost([req, {}]), req };
}

const principal = (over: Partial<AuthPrincipal> = {}): AuthPrincipal => ({
  userId: 'u',
  tenantId: 't',
  businessId: A,
  tenantActive: true,
  ...over,
});

async function failure(fn: () => unknown): Promise<DomainError> {
  try {
    await fn();
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error('expected a DomainError');
}

describe('TenantGuard', () => {
  const guard = new TenantGuard();
  it('lets an active tenant through', () => {
    expect(guard.canActivate(context(principal()).ctx)).toBe(true);
  });
  it('401 "Tenant no existe o está inactivo" for an inactive tenant or no principal', async () => {
    for (const user of [principal({ tenantActive: false }), undefined]) {
      const err = await failure(() => guard.canActivate(context(user).ctx));
      expect([err.status, err.detail]).toEqual([401, 'Tenant no existe o está inactivo']);
    }
  });
});

describe('PremiumGuard', () => {
  const directory = (own: string[], premium: string[]): PrincipalDirectory =>
    ({
      status: async () => ({ userActive: true, tenantActive: true, businessIds: own }),
      premiumBusinesses: async (_t: string, ids: string[]) => new Set(ids.filter((id) => premium.includes(id))),
    }) as unknown as PrincipalDirectory;

  it('defaults to the token business and records the scope', async () => {
    const { ctx, req } = context(principal());
    await expect(new PremiumGuard(directory([A, B], [A])).canActivate(ctx)).resolves.toBe(true);
    expect(req.businessScope).toEqual({ businessIds: [A], allBusiness: false });
  });

  it('402 when the selected business is not premium', async () => {
    const err = await failure(() => new PremiumGuard(directory([A, B], [A])).canActivate(context(principal({ businessId: B })).ctx));
    expect([err.status, err.detail]).toEqual([402, 'Suscripción premium requerida']);
  });

  it("businessId: one of the user's (any uuid spelling) or 403; not a uuid → 400", async () => {
    const guard = new PremiumGuard(directory([A, B], [A, B]));
    const { ctx, req } = context(principal(), { businessId: B.replace(/-/g, '').toUpperCase() });
    await guard.canActivate(ctx);
    expect(req.businessScope.businessIds).toEqual([B]);
    expect((await failure(() => guard.canActivate(context(principal(), { businessId: C }).ctx))).status).toBe(403);
    expect((await failure(() => guard.canActivate(context(principal(), { businessId: 'nope' }).ctx))).status).toBe(400);
  });

  it('allBusiness=true needs every business premium; combined with businessId → 400', async () => {
    const { ctx, req } = context(principal(), { allBusiness: 'true' });
    await new PremiumGuard(directory([A, B], [A, B])).canActivate(ctx);
    expect(req.businessScope).toEqual({ businessIds: [A, B], allBusiness: true });
    expect(
      (await failure(() => new PremiumGuard(directory([A, B], [A])).canActivate(context(principal(), { allBusiness: 'true' }).ctx))).status,
    ).toBe(402);
    expect(
      (
        await failure(() =>
          new PremiumGuard(directory([A], [A])).canActivate(context(principal(), { allBusiness: 'true', businessId: A }).ctx),
        )
      ).status,
    ).toBe(400);
    expect(
      (await failure(() => new PremiumGuard(directory([A], [A])).canActivate(context(principal(), { allBusiness: 'yes' }).ctx))).status,
    ).toBe(400);
  });
});
