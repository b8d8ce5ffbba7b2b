/**
 * `npm run openapi [-- out.json]`: writes the service's OpenAPI document (default
 * dist/openapi.json) with no database: Nest's preview mode builds the module graph, which is all
 * Swagger reads, without creating providers (so no connection pool). CI lints the file.
 */
import 'reflect-metadata';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { OpenAPIObject } from '@nestjs/swagger';
import { loadConfig } from '@nomina-api/platform/config';
import { AppModule } from '../app.module';
import { buildOpenApiDocument } from '../openapi';

export async function generateOpenApi(): Promise<OpenAPIObject> {
  // Throwaway settings: never used to connect or sign anything.
  const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'openapi-'.repeat(5), LOG_LEVEL: 'silent' });
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, 'postgresql://openapi@127.0.0.1:1/openapi'),
    new FastifyAdapter(),
    {
      preview: true,
      logger: false,
      abortOnError: false,
    },
  );
  try {
    return buildOpenApiDocument(app, { demo: config.demoData });
  } finally {
    await app.close();
  }
}

if (require.main === module) {
  const out = resolve(process.argv[2] ?? 'dist/openapi.json');
  generateOpenApi().then(
    (document) => {
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, JSON.stringify(document, null, 2) + '\n');
      process.stdout.write(`OpenAPI: ${out} (${Object.keys(document.paths).length} rutas)\n`);
    },
    (err: unknown) => {
      process.stderr.write(`No se pudo generar el documento OpenAPI: ${(err as Error).message}\n`);
      process.exit(1);
    },
  );
}
