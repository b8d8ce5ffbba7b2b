import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';

/**
 * One OpenAPI document for the platform: Nest scans every mounted module, so the three contexts'
 * operations, tags and problem schemas land in it under their prefixes. Serving the UI on Fastify
 * needs `@fastify/static` installed in the host.
 */
export function setupSwagger(app: NestFastifyApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Plataforma')
    .setVersion('1.0')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'x-plataforma-usuario' }, 'plataforma')
    .build();
  const document = SwaggerModule.createDocument(app, config);
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'docs/openapi.json' });
  return document;
}
