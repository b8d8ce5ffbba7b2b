import { PLATFORM_ENTITIES, type SchemaParts } from '@nomina-api/platform/persistence';
import { APP_MIGRATIONS } from './migrations';

/** The whole service's schema: the platform's entities and every migration (APP_MIGRATIONS). */
export const APP_SCHEMA: SchemaParts = { entities: [...PLATFORM_ENTITIES], migrations: APP_MIGRATIONS };
