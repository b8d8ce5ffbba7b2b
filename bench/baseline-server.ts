/**
 * The bare baseline: Fastify + node-postgres, no Nest, no auth, no CQRS, no legacy serializer.
 * `GET /<scenario>` runs that scenario's recorded statements (bench/lib/recorder.ts) on one pooled
 * connection — the same pool size and session settings as the service, prepared statements run by
 * name as the service runs them — and writes the rows as
 * plain JSON (`JSON.stringify`). Cursor reads are streamed as a JSON array with backpressure.
 *
 *   node bench/run-ts.js bench/baseline-server.ts <scenarios.json>   (env: DATABASE_URL, PORT, DB_POOL_MAX)
 * Prints `listening <port>` when ready.
 *
 * With BASELINE_WIRE=<file> (`framework.bench.ts --wire-baseline`), each scenario also answers at
 * `/wire/<scenario>` with the same work plus the response headers the service sent for it (the
 * file: scenario → header → value): security headers, CORS, ETag, Cache-Control, Vary, request id,
 * pagination. What the bench sends there carries the service's Authorization header too, so the
 * load generator and both servers' HTTP layers handle the service's bytes and only the code in
 * between differs.
 */
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import Fastify from 'fastify';
import QueryStream from 'pg-query-stream';
import { servicePool } from './lib/pg';
import { isControl, runStatement, type Statement } from './lib/recorder';

async function main(): Promise<void> {
  const scenarios = JSON.parse(readFileSync(process.argv[2], 'utf8')) as Record<string, Statement[]>;
  const pool = servicePool(process.env.DATABASE_URL as string, Number(process.env.DB_POOL_MAX ?? 10), {
    application_name: 'bench-baseline',
  });
  const app = Fastify({ logger: false });
  const wire = process.env.BASELINE_WIRE
    ? (JSON.parse(readFileSync(process.env.BASELINE_WIRE, 'utf8')) as Record<string, Record<string, string>>)
    : undefined;
  for (const [name, statements] of Object.entries(scenarios)) {
    route(`/${name}`, statements, undefined);
    if (wire?.[name]) route(`/wire/${name}`, statements, wire[name]);
  }

  const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
  process.stdout.write(`listening ${new URL(address).port}\n`);
  const stop = (): void => {
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);

  /** One scenario's route; `headers` (the service's response headers) replace the content type and are added as they are. */
  function route(path: string, statements: Statement[], headers: Record<string, string> | undefined): void {
    const type = headers?.['content-type'] ?? 'application/json; charset=utf-8';
    const streamAt = statements.findIndex((s) => s.stream);
    if (streamAt < 0) {
      app.get(path, async (_req, reply) => {
        const client = await pool.connect();
        try {
          const out: unknown[] = [];
          for (const s of statements) {
            const r = await runStatement(client, s);
            if (!isControl(s)) out.push(r.rows);
          }
          if (headers) reply.headers(headers);
          reply.type(type);
          return JSON.stringify(out.length === 1 ? out[0] : out);
        } finally {
          client.release();
        }
      });
    } else {
      app.get(path, async (_req, reply) => {
        const client = await pool.connect();
        let done = false;
        async function* body(): AsyncGenerator<string> {
          try {
            for (const s of statements.slice(0, streamAt)) await client.query(s.text, s.values);
            const s = statements[streamAt];
            const cursor = client.query(new QueryStream(s.text, s.values, { batchSize: s.stream }));
            let first = true;
            let chunk = '[';
            for await (const row of cursor) {
              chunk += (first ? '' : ',') + JSON.stringify(row);
              first = false;
              if (chunk.length > 16_384) {
                yield chunk;
                chunk = '';
              }
            }
            yield chunk + ']';
            for (const t of statements.slice(streamAt + 1)) await client.query(t.text, t.values);
            done = true;
          } finally {
            // A client gone mid-stream (autocannon stops at the end of a load phase) leaves the
            // cursor and its transaction open: that connection is dropped, not pooled, or the next
            // scenario would run inside a read-only transaction.
            client.release(!done);
          }
        }
        if (headers) reply.headers(headers);
        reply.type(type);
        return reply.send(Readable.from(body()));
      });
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
