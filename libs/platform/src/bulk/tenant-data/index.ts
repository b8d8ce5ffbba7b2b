/** Platform's tenant rows (businesses, users, logins): the entry the importer loads them through. */
export type * from './dataset.types';
export { PLATFORM_COLUMNS, PLATFORM_FOREIGN_KEYS, PLATFORM_TENANT_TABLES } from './tables';
export { PLATFORM_DATASET_DEFS } from './dataset.schema';
export { loadPlatformTenantData } from './load-platform';
export { findLogins, findNegocios, findPasswordHashes, findTenant } from './lookups';
export { mergeNegocios, mergeUsuarios, stagePlatform } from './merge-platform';
