import { Injectable, Optional } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { PostgreSqlConnection } from '@mikro-orm/postgresql';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { ReadPools } from '../persistence/read-pools';
import { warmConnections } from '../persistence/warm-connections';
import { registerReadPoolMetrics } from './read-pool-metrics';
import { RouteHistogram } from './route-histogram';

/** /metrics renders at most once per this many ms; the scrapes in between share the text. */
export const RENDER_EVERY_MS = 1000;

/** The part of knex's (tarn) pool the gauges read. */
interface TarnPool {
  max: number;
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
  numPendingCreates(): number;
}

/**
 * Prometheus metrics of one app: a registry of its own (several apps in one process — tests, a
 * host — never mix their numbers), request count and latency per route template and status,
 * the connection pool's state read at scrape time, and the Node process defaults.
 */
@Injectable()
export class HttpMetrics {
  readonly registry = new Registry();
  private readonly duration: RouteHistogram;
  /** The last rendering (in flight or done) and when it started. */
  private rendering: Promise<string> | undefined;
  private renderedAt = 0;

  constructor(orm: MikroORM, @Optional() reads?: ReadPools) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    const labelNames = ['method', 'route', 'status'] as const;
    // The request count is the histogram's own count per label set, copied at scrape time: one
    // update per request instead of two.
    const duration = new RouteHistogram(
      'http_request_duration_seconds',
      'Duración de las solicitudes HTTP hasta enviar la respuesta, por ruta (plantilla) y estado.',
      [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    );
    new Counter({
      name: 'http_requests_total',
      help: 'Solicitudes HTTP atendidas, por ruta (plantilla) y estado.',
      labelNames,
      registers,
      collect() {
        this.reset();
        for (const v of duration.counts()) this.inc(v.labels, v.value);
      },
    });
    this.duration = duration.register(this.registry);
    // knex builds its pool lazily; before that there is nothing to report.
    const pool = (): TarnPool | undefined =>
      ((orm.em.getConnection() as PostgreSqlConnection).getKnex().client as { pool?: TarnPool }).pool;
    new Gauge({
      name: 'db_pool_connections',
      help: 'Conexiones del pool de PostgreSQL por estado (used: prestadas, idle: libres); su suma es el total abierto.',
      labelNames: ['state'] as const,
      registers,
      collect() {
        const p = pool();
        // The connections SqlReader keeps warm between reads are checked out of the pool but idle.
        const warm = warmConnections(p);
        this.set({ state: 'used' }, (p?.numUsed() ?? 0) - warm);
        this.set({ state: 'idle' }, (p?.numFree() ?? 0) + warm);
        this.set({ state: 'pending_create' }, p?.numPendingCreates() ?? 0);
      },
    });
    new Gauge({
      name: 'db_pool_waiting',
      help: 'Solicitudes esperando una conexión libre del pool.',
      registers,
      collect() {
        this.set(pool()?.numPendingAcquires() ?? 0);
      },
    });
    new Gauge({
      name: 'db_pool_max',
      help: 'Tamaño máximo del pool (DB_POOL_MAX).',
      registers,
      collect() {
        this.set(pool()?.max ?? 0);
      },
    });
    registerReadPoolMetrics(this.registry, reads);
  }

  /**
   * The exposition text, rendered at most once per RENDER_EVERY_MS (CONTRACT §10): scrapes during a
   * rendering share it, and for the rest of that second get its text. Rendering walks every
   * histogram and the process' default metrics — milliseconds of CPU each — so 32 anonymous
   * scrapers looping on /metrics took the API's median from 5 ms to 852 ms; now they cost one
   * rendering a second whatever their number.
   */
  render(): Promise<string> {
    const now = Date.now();
    if (this.rendering && now - this.renderedAt < RENDER_EVERY_MS) return this.rendering;
    this.renderedAt = now;
    const rendering = this.registry.metrics();
    // A failed rendering is not kept: the next scrape tries again.
    rendering.catch(() => {
      if (this.rendering === rendering) this.rendering = undefined;
    });
    return (this.rendering = rendering);
  }

  /** One answered request; `route` is the template (`/pagos/:id`), never the raw URL. */
  observe(method: string, route: string | undefined, status: number, seconds: number): void {
    this.duration.observe(method, route ?? 'sin_ruta', status, seconds);
  }
}
