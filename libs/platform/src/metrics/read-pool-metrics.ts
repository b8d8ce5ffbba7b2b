import { Counter, Gauge, type Registry } from 'prom-client';
import type { ReadPools } from '../persistence/read-pools';

/**
 * Per-pool gauges of the read pools (CONTRACT §10): each replica's connections, waiting
 * acquires, lag and state, and the reads each pool served. The primary pool keeps its
 * historical db_pool_* gauges (HttpMetrics). Nothing is registered without replicas. Labels name
 * pools (`replica-1`, …), never hosts or ports: the URLs' order maps names to servers.
 */
export function registerReadPoolMetrics(registry: Registry, reads: ReadPools | undefined): void {
  if (!reads?.replicas.length) return;
  const registers = [registry];
  new Gauge({
    name: 'db_replica_pool_connections',
    help: 'Conexiones del pool de cada réplica por estado (used, idle).',
    labelNames: ['pool', 'state'] as const,
    registers,
    collect() {
      for (const r of reads.replicas) {
        this.set({ pool: r.name, state: 'used' }, r.pool?.numUsed() ?? 0);
        this.set({ pool: r.name, state: 'idle' }, r.pool?.numFree() ?? 0);
      }
    },
  });
  new Gauge({
    name: 'db_replica_pool_waiting',
    help: 'Solicitudes esperando una conexión del pool de cada réplica.',
    labelNames: ['pool'] as const,
    registers,
    collect() {
      for (const r of reads.replicas) this.set({ pool: r.name }, r.pool?.numPendingAcquires() ?? 0);
    },
  });
  new Gauge({
    name: 'db_replica_pool_max',
    help: 'Tamaño máximo del pool de cada réplica (DB_POOL_MAX).',
    labelNames: ['pool'] as const,
    registers,
    collect() {
      for (const r of reads.replicas) this.set({ pool: r.name }, r.pool?.max ?? 0);
    },
  });
  new Gauge({
    name: 'db_replica_lag_seconds',
    help: 'Retraso de cada réplica frente a la primaria: cuánto hace que la primaria tenía lo último que la réplica ya reprodujo (NaN: desconocido, p. ej. caída o rechazada).',
    labelNames: ['pool'] as const,
    registers,
    collect() {
      for (const r of reads.replicas) this.set({ pool: r.name }, r.lagMs === null ? NaN : r.lagMs / 1000);
    },
  });
  new Gauge({
    name: 'db_replica_up',
    help: '1 si la réplica atiende lecturas (copia verificada de DATABASE_URL, alcanzable y con retraso ≤ REPLICA_MAX_LAG_MS); 0 si no.',
    labelNames: ['pool'] as const,
    registers,
    collect() {
      for (const r of reads.replicas) this.set({ pool: r.name }, r.usable ? 1 : 0);
    },
  });
  new Counter({
    name: 'db_reads_total',
    help: 'Lecturas atendidas por cada pool (primaria o réplica).',
    labelNames: ['pool'] as const,
    registers,
    collect() {
      this.reset();
      this.inc({ pool: 'primaria' }, reads.primaryReads);
      for (const r of reads.replicas) this.inc({ pool: r.name }, r.reads);
    },
  });
}
