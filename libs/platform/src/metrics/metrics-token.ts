import { timingSafeEqual } from 'node:crypto';
import { PlatformError, PlatformErrorCode } from '../errors/domain-error';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** With METRICS_TOKEN set, the scrape must carry `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise); without it, anyone may scrape. */
export function requireMetricsToken(token: string | undefined, authorization: string | undefined): void {
  if (token && !sameSecret(authorization ?? '', `Bearer ${token}`)) {
    throw new PlatformError(PlatformErrorCode.UNAUTHENTICATED, 'Las métricas requieren Authorization: Bearer <METRICS_TOKEN>.', undefined, {
      'www-authenticate': 'Bearer',
    });
  }
}
