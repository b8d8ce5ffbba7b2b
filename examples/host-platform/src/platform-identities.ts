import { Injectable } from '@nestjs/common';
import type { IdentityDirectory, PrincipalStatus } from '@nomina-api/platform';

/**
 * The platform's own identities, handed to the contexts through the identity port: no user, link
 * or plan rows in the contexts' tables. A stand-in for the platform's user service (a real one
 * would call it, or read the platform's tables, and cache briefly).
 */
export const PLATFORM_DIRECTORY = {
  tenants: {
    // Andina: payroll and sales data imported into the contexts; PREMIUM in Sede Norte.
    '0ee9a9bb-2b87-43f0-82f5-d431917734f8': { active: true, premium: ['3a2b51cd-ba4b-4dc8-8437-d3cfa4b48f6f'] },
    // A tenant the platform has suspended.
    'bd644c3f-7037-4511-8912-a48f79e8ac14': { active: false, premium: [] as string[] },
  } as Record<string, { active: boolean; premium: string[] }>,
  users: {
    // Camila exists only on the platform (the contexts' `usuario` table never heard of her).
    '0ee9a9bb-2b87-43f0-82f5-d431917734f8:6a1f3c2e-9b7d-4e21-8f0a-3c5d7e9b1a24': {
      active: true,
      businesses: ['3a2b51cd-ba4b-4dc8-8437-d3cfa4b48f6f'],
    },
    'bd644c3f-7037-4511-8912-a48f79e8ac14:a7de5b48-e5d8-4b89-83be-19091c52a784': {
      active: true,
      businesses: ['f5db79b3-b40f-4cc3-9335-d0a401cf03fe'],
    },
  } as Record<string, { active: boolean; businesses: string[] }>,
};

@Injectable()
export class PlatformIdentities implements IdentityDirectory {
  /** null: the tenant has no such user; a tenant the platform does not have reads as an inactive one. */
  status(tenantId: string, userId: string): PrincipalStatus | null {
    const tenant = PLATFORM_DIRECTORY.tenants[tenantId];
    if (!tenant) return { tenantActive: false, userActive: true, businessIds: [] };
    const user = PLATFORM_DIRECTORY.users[`${tenantId}:${userId}`];
    return user ? { tenantActive: tenant.active, userActive: user.active, businessIds: user.businesses } : null;
  }

  premiumBusinesses(tenantId: string, businessIds: string[]): Set<string> {
    const premium = PLATFORM_DIRECTORY.tenants[tenantId]?.premium ?? [];
    return new Set(businessIds.filter((id) => premium.includes(id)));
  }
}
