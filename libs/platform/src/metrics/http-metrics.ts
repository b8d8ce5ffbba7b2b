import { Injectable, Optional } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { PostgreSqlConnection } from '@mikro-orm/postgresql';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { ReadPools } from '../persistence/read-pools';
import { warmConnections } from '../persistence/warm-connections';
import { registerReadPoolMetrics } from './read-pool-metrics';
import { RouteHistogram } from './route-histogram';

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

  /** One answered request; `route` is the template (`/pagos/:id`), never the raw URL. */
  observe(method: string, route: string | undefined, status: number, seconds: number): void {
    this.duration.observe(method, route ?? 'sin_ruta', status, seconds);
  }
}
