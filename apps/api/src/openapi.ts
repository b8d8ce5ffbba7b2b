import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { NOMINA_API_TAGS } from '@nomina-api/nomina';
import { PROVEEDORES_API_TAGS } from '@nomina-api/proveedores';
import { REPORTES_API_TAGS } from '@nomina-api/reportes';
import { authorizeFromLogin, operationId, type PolishOptions, polishDocument } from './openapi-polish';

/** Every tag the operations use, described (the lint's tag-description rule). */
const TAGS: { name: string; description: string }[] = [
  { name: 'Autenticación', description: 'Inicio de sesión: emite el token bearer (tokenCurrent) que piden las demás operaciones.' },
  ...NOMINA_API_TAGS,
  ...REPORTES_API_TAGS,
  ...PROVEEDORES_API_TAGS,
  { name: 'Salud', description: 'Vida, disponibilidad y métricas del servicio (sin autenticación de usuario).' },
];

export function buildOpenApiDocument(app: INestApplication, options: PolishOptions): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle('Nómina, rentabilidad y proveedores — API de lectura')
    .setDescription(
      [
        'API de lectura compatible con los servicios heredados: nómina colombiana (pagos, nóminas por empleado, conceptos acumulados, numeración de nómina electrónica), reporte de rentabilidad por producto y consulta de proveedores.',
        '',
        '**Autenticación:** obtenga `tokenCurrent` con `POST /login` y envíelo como `Authorization: Bearer <token>` (botón *Authorize*). ' +
          `En esta página basta con ejecutar *Try it out* de \`POST /login\` (${options.demo ? 'precargado con un usuario de demostración' : 'con su correo y contraseña'}): ` +
          'la página queda autorizada sola, también después de recargarla.',
        '',
        '**Errores:** todos los errores son `application/problem+json` (RFC 9457) con `type`, `title`, `status`, `detail`, `instance`, `code`, `message` (igual a `detail`, para los clientes heredados) y, en validaciones, `errors[]`. Las operaciones de nómina agregan `error: { codigo, mensaje }` (igual a `code` y `detail`), que leen los clientes de los servicios de nómina heredados.',
      ].join('\n'),
    )
    .setVersion('1.0.0')
    .addServer('/', 'Este servicio')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'tokenCurrent de POST /login' }, 'bearer')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN, solo si está definido' }, 'metricsToken');
  for (const tag of TAGS) builder.addTag(tag.name, tag.description);
  const document = SwaggerModule.createDocument(app, builder.build(), {
    // Stable, unique and readable in generated clients: PagosController.list → listPagos.
    operationIdFactory: operationId,
  });
  polishDocument(document, options);
  // The package is private (package.json "UNLICENSED"); DocumentBuilder.setLicense() needs a URL.
  document.info.license = { name: 'UNLICENSED (uso interno)' };
  return document;
}

export function mountSwagger(app: INestApplication, options: PolishOptions): OpenAPIObject {
  const document = buildOpenApiDocument(app, options);
  SwaggerModule.setup('docs', app, document, {
    jsonDocumentUrl: 'docs-json',
    useGlobalPrefix: false,
    customSiteTitle: 'API de nómina — Swagger UI',
    // Logging in once with the POST /login try-out authorizes the page (and survives a reload).
    swaggerOptions: { persistAuthorization: true, displayRequestDuration: true, responseInterceptor: authorizeFromLogin },
  });
  return document;
}
