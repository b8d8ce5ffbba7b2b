import type { AddressInfo } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { InjectOptions } from 'fastify';
import { type AppConfig, loadConfig } from '@nomina-api/platform/config';
import { createRootLogger } from '@nomina-api/platform/hosting';
import { createApp, type CreateAppOptions } from '../../apps/api/src/create-app';

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_JWT_SECRET,
    DATA_DIR: `${__dirname}/../../.data/test`,
    PRINCIPAL_CACHE_TTL_MS: '0',
    // The limits live in the shared test database: suites that test them turn them on.
    LOGIN_RATE_LIMIT: '0',
    ...overrides,
  });
}

/** The whole application on the shared test database (requests through app.inject, no socket). */
export async function createTestApp(
  overrides: Record<string, string> = {},
  url = process.env.TEST_DATABASE_URL,
  options: CreateAppOptions = {},
): Promise<NestFastifyApplication> {
  if (!url) throw new Error('TEST_DATABASE_URL is not set: run the tests through jest (global setup).');
  const config = testConfig(overrides);
  const app = await createApp(config, url, createRootLogger('silent'), options);
  await app.getHttpAdapter().getInstance().ready();
  return app;
}

export interface InjectResult {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  json<T = any>(): T;
}

/** Any request through app.inject. */
export async function inject(app: NestFastifyApplication, options: InjectOptions): Promise<InjectResult> {
  const res = await app.inject(options);
  return { status: res.statusCode, headers: res.headers, body: res.body, json: () => JSON.parse(res.body) };
}

export function get(app: NestFastifyApplication, url: string, token?: string, headers: Record<string, string> = {}): Promise<InjectResult> {
  return inject(app, { method: 'GET', url, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });
}

export function post(
  app: NestFastifyApplication,
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
): Promise<InjectResult> {
  return inject(app, { method: 'POST', url, payload: payload as object, headers });
}

/** Listens on a free loopback port (for tests that need a real socket); returns the port. */
export async function listenOnFreePort(app: NestFastifyApplication): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.getHttpServer().address() as AddressInfo).port;
}

/** Logs in and returns tokenCurrent (fails the test on anything but 200). */
export async function login(app: NestFastifyApplication, email: string, password: string, business?: string): Promise<string> {
  const res = await post(app, '/login', { email, password, ...(business ? { business } : {}) });
  if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${res.body}`);
  return res.json().tokenCurrent;
}

/** Asserts an RFC 9457 problem response and returns its body. */
export function expectProblem(res: InjectResult, status: number, code?: string): any {
  expect(res.status).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/^application\/problem\+json/);
  const body = res.json();
  expect(body).toEqual(
    expect.objectContaining({
      status,
      type: expect.any(String),
      title: expect.any(String),
      detail: expect.any(String),
      instance: expect.any(String),
      code: expect.any(String),
    }),
  );
  // CONTRACT §1: legacy clients read only `message`.
  expect(body.message).toBe(body.detail);
  if (code) expect(body.code).toBe(code);
  expect(res.body).not.toMatch(/at \w+ \(|node_modules|select |SELECT |syntax error/);
  return body;
}
