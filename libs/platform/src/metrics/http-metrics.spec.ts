import type { MikroORM } from '@mikro-orm/core';
import { HttpMetrics } from './http-metrics';

/** An ORM whose knex has not built its pool yet: the pool gauges report 0. */
const orm = { em: { getConnection: () => ({ getKnex: () => ({ client: {} }) }) } } as unknown as MikroORM;

const line = (text: string, name: string, labels: string): string | undefined =>
  text.split('\n').find((l) => l.startsWith(`${name}{${labels}}`));

describe('HttpMetrics', () => {
  it('http_requests_total is the duration histogram count of each label set, on every scrape', async () => {
    const metrics = new HttpMetrics(orm);
    metrics.observe('GET', '/pagos', 200, 0.003);
    metrics.observe('GET', '/pagos', 200, 0.2);
    metrics.observe('GET', undefined, 404, 0.001);
    for (let scrape = 0; scrape < 2; scrape++) {
      const text = await metrics.registry.metrics();
      expect(line(text, 'http_requests_total', 'method="GET",route="/pagos",status="200"')).toBe(
        'http_requests_total{method="GET",route="/pagos",status="200"} 2',
      );
      expect(line(text, 'http_requests_total', 'method="GET",route="sin_ruta",status="404"')).toBe(
        'http_requests_total{method="GET",route="sin_ruta",status="404"} 1',
      );
      expect(line(text, 'http_request_duration_seconds_count', 'method="GET",route="/pagos",status="200"')).toMatch(/ 2$/);
      expect(text).toMatch(/^# TYPE http_requests_total counter$/m);
    }
    metrics.observe('GET', '/pagos', 200, 0.01);
    expect(line(await metrics.registry.metrics(), 'http_requests_total', 'method="GET",route="/pagos",status="200"')).toMatch(/ 3$/);
  });
});
