import { Histogram, Registry } from 'prom-client';
import { RouteHistogram } from './route-histogram';

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The same observations through prom-client's own Histogram and through RouteHistogram. */
async function both(observations: [method: string, route: string, status: number, seconds: number][]): Promise<[string, string]> {
  const theirs = new Registry();
  const histogram = new Histogram({
    name: 'h_seconds',
    help: 'ayuda',
    labelNames: ['method', 'route', 'status'],
    buckets: BUCKETS,
    registers: [theirs],
  });
  const ours = new Registry();
  const route = new RouteHistogram('h_seconds', 'ayuda', BUCKETS).register(ours);
  for (const [method, r, status, seconds] of observations) {
    histogram.observe({ method, route: r, status: String(status) }, seconds);
    route.observe(method, r, status, seconds);
  }
  return [await theirs.metrics(), await ours.metrics()];
}

describe('RouteHistogram', () => {
  it("writes exactly prom-client's histogram exposition for the same observations", async () => {
    const [theirs, ours] = await both([
      ['GET', '/pagos', 200, 0.003],
      ['GET', '/pagos', 200, 0.005], // on a bound: counted in that bucket (le is inclusive)
      ['GET', '/pagos', 200, 0.2],
      ['GET', '/pagos', 304, 0.001],
      ['HEAD', '/pagos', 200, 0.001],
      ['GET', 'sin_ruta', 404, 45], // beyond the last bound: +Inf only
      ['GET', '/proveedor/:id', 200, 1],
      ['GET', '/pagos', 200, 0.0051],
    ]);
    expect(ours).toBe(theirs);
    expect(ours).toContain('h_seconds_bucket{le="+Inf",method="GET",route="sin_ruta",status="404"} 1');
    expect(ours).toContain('h_seconds_bucket{le="0.005",method="GET",route="/pagos",status="200"} 2');
  });

  it('groups the series by route (prom-client keeps first-seen order): the same lines, which Prometheus reads in any order', async () => {
    const [theirs, ours] = await both([
      ['GET', '/pagos', 200, 0.01],
      ['GET', '/empleados', 200, 0.02],
      ['GET', '/pagos', 304, 0.001],
    ]);
    expect(ours).not.toBe(theirs);
    expect(ours.split('\n').sort()).toEqual(theirs.split('\n').sort());
  });

  it('has no series before the first observation, and none after reset', async () => {
    const [theirs, ours] = await both([]);
    expect(ours).toBe(theirs);
    const route = new RouteHistogram('h_seconds', 'ayuda', BUCKETS);
    route.observe('GET', '/pagos', 200, 0.1);
    route.reset();
    expect((await route.get()).values).toEqual([]);
    expect(route.counts()).toEqual([]);
  });

  it('counts() gives each label set its number of observations', () => {
    const route = new RouteHistogram('h_seconds', 'ayuda', BUCKETS);
    route.observe('GET', '/pagos', 200, 0.1);
    route.observe('GET', '/pagos', 200, 3);
    route.observe('GET', '/pagos', 500, 3);
    route.observe('GET', '/pagos', 500, Number.NaN); // prom-client would throw; ignored
    expect(route.counts()).toEqual([
      { labels: { method: 'GET', route: '/pagos', status: '200' }, value: 2 },
      { labels: { method: 'GET', route: '/pagos', status: '500' }, value: 1 },
    ]);
  });
});
