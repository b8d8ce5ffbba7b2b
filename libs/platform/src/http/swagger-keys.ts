/**
 * The metadata keys of @nestjs/swagger's DECORATORS that the kernel writes or reads. Spelled out
 * because @nestjs/swagger exports DECORATORS from its entry point only in later 11.x releases
 * (11.0.0 throws "Cannot read properties of undefined (reading 'API_SECURITY')" at load), and
 * the packages accept every 11.x; swagger-keys.spec.ts holds them equal to the installed ones.
 */
export const SWAGGER_KEYS = {
  API_SECURITY: 'swagger/apiSecurity',
  API_MODEL_PROPERTIES: 'swagger/apiModelProperties',
  API_MODEL_PROPERTIES_ARRAY: 'swagger/apiModelPropertiesArray',
  API_RESPONSE: 'swagger/apiResponse',
} as const;
