import { Reflector } from '@nestjs/core';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import type { FastifyRequest } from 'fastify';
import type { PrincipalDirectory, PrincipalStatus } from '../tenancy/principal-directory';
import type { AuthAdapter } from './auth-adapter';
import { AuthenticationGuard } from './authentication.guard';

const TENANT = '0ee9a9bb-2b87-43f0-82f5-d431917734f8';
const USER = 'd1999f37-15c4-4b46-b9a9-406b67f936c5';
const BUSINESS = '3a2b51cd-ba4b-4dc8-8437-d3cfa4b48f6f';

/** The guard over an adapter that always names the same user and a directory that answers `status`. */
async function principalFor(status: PrincipalStatus | null): Promise<FastifyRequest['principal']> {
  const adapter: AuthAdapter = { authenticate: () => ({ userId: USER, tenantId: TENANT, businessId: BUSINESS }) };
  const directory = { status: () => status } as unknown as PrincipalDirectory;
  const guard = new AuthenticationGuard(new Reflector(), adapter, directory);
  const req = { headers: {} } as FastifyRequest;
  const handler = (): void => undefined;
  await guard.canActivate(new ExecutionContextHost([req, {}], class {}, handler));
  return req.principal;
}

describe('AuthenticationGuard and the identity port', () => {
  it("hands the directory's role on in the principal", async () => {
    const principal = await principalFor({ userActive: true, tenantActive: true, businessIds: [BUSINESS], role: 'CONTADOR' });
    expect(principal).toEqual({ userId: USER, tenantId: TENANT, businessId: BUSINESS, tenantActive: true, role: 'CONTADOR' });
  });

  it('leaves the role out when the directory reports none', async () => {
    const principal = await principalFor({ userActive: true, tenantActive: true, businessIds: [BUSINESS] });
    expect(principal).not.toHaveProperty('role');
  });

  it('refuses an inactive user and an unknown one (401 codes)', async () => {
    await expect(principalFor({ userActive: false, tenantActive: true, businessIds: [] })).rejects.toMatchObject({ code: 'USER_INACTIVE' });
    await expect(principalFor(null)).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
      detail: 'Usuario desconocido: el usuario D1999F3715C44B46B9A9406B67F936C5 no existe en el tenant 0EE9A9BB2B8743F082F5D431917734F8.',
    });
  });
});
