/** Platform's tenant rows (businesses, users, logins): the entry the importer loads them through. */
export type * from './dataset.types';
export { PLATFORM_COLUMNS, PLATFORM_TENANT_TABLES } from './tables';
export { loadPlatformTenantData } from './load-platform';
