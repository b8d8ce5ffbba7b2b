import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { HostModule } from './host.module';
import { migrate } from './schema';
import { setupSwagger } from './swagger';

/**
 * `DATABASE_URL=postgres://… node out/src/main.js`: migrates the contexts' tables, then serves on
 * PORT (3000) at HOST (127.0.0.1; 0.0.0.0 in a container).
 */
async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is required');
  await migrate(databaseUrl);
  const app = await NestFactory.create<NestFastifyApplication>(HostModule.forRoot(databaseUrl), new FastifyAdapter());
  setupSwagger(app);
  app.enableShutdownHooks();
  await app.listen(Number(process.env.PORT ?? 3000), process.env.HOST ?? '127.0.0.1');
}

void main();
