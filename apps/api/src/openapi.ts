import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Nómina, rentabilidad y proveedores — API de lectura')
    .setDescription(
      [
        'API de lectura compatible con los servicios heredados: nómina colombiana (pagos, nóminas por empleado, conceptos acumulados, numeración de nómina electrónica), reporte de rentabilidad por producto y consulta de proveedores.',
        '',
        '**Autenticación:** obtenga `tokenCurrent` con `POST /login` y envíelo como `Authorization: Bearer <token>` (botón *Authorize*).',
        '',
        '**Errores:** todos los errores son `application/problem+json` (RFC 9457) con `type`, `title`, `status`, `detail`, `instance`, `code` y, en validaciones, `errors[]`.',
      ].join('\n'),
    )
    .setVersion('1.0.0')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'tokenCurrent de POST /login' }, 'bearer')
    .addTag('Autenticación')
    .addTag('Salud')
    .build();
  return SwaggerModule.createDocument(app, config);
}

export function mountSwagger(app: INestApplication): OpenAPIObject {
  const document = buildOpenApiDocument(app);
  SwaggerModule.setup('docs', app, document, {
    jsonDocumentUrl: 'docs-json',
    useGlobalPrefix: false,
    customSiteTitle: 'API de nómina — Swagger UI',
    swaggerOptions: { persistAuthorization: true, displayRequestDuration: true },
  });
  return document;
}
