/** Tables without tenant data, looked up before a tenant is known (reference or local tables under Citus). */
export const GLOBAL_TABLES = ['login_directory', 'login_limit', 'schema_migrations', 'tenant'];
