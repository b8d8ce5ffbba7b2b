/**
 * `@nomina-api/platform/testing`: fixtures for specs, bench/ and scripts/ only (lint keeps it out of
 * production code); not part of the published package.
 */
export { PAGO_LIKE_COLUMNS } from './export/__fixtures__/export-rows';
export { attachFakeCursor } from './persistence/__fixtures__/fake-cursor';
