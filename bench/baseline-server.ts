/**
 * The bare baseline: Fastify + node-postgres, no Nest, no auth, no CQRS, no legacy serializer.
 * `GET /<scenario>` runs that scenario's recorded statements (bench/lib/recorder.ts) on one pooled
 * connection — the same pool size and session settings as the service, prepared statements run by
 * name as the service runs them — and writes the rows as
 * plain JSON (`JSON.stringify`). Cursor reads are streamed as a JSON array with backpressure.
 *
 *   node tools/run-ts.js bench/baseline-server.ts <scenarios.json>   (env: DATABASE_URL, PORT, DB_POOL_MAX)
 * Prints `listening <port>` when ready.
 *
 * With BASELINE_NEST=bare|stack the same routes are served by a minimal Nest application instead
 * (`framework.bench.ts --nest-floor`, below).
 *
 * With BASELINE_WIRE=<file> (`framework.bench.ts --wire-baseline`), each scenario also answers at
 * `/wire/<scenario>` with the same work plus the response headers the service sent for it (the
 * file: scenario → header → value): security headers, CORS, ETag, Cache-Control, Vary, request id,
 * pagination. What the bench sends there carries the service's Authorization header too, so the
 * load generator and both servers' HTTP layers handle the service's bytes and only the code in
 * between differs.
 */
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import {
  type CanActivate,
  Controller,
  createParamDecorator,
  type ExecutionContext,
  Get,
  Inject,
  Injectable,
  Module,
  type PipeTransform,
  Query as QueryParam,
  Res,
  type Type,
  UseGuards,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CqrsModule, type IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import QueryStream from 'pg-query-stream';
import { servicePool } from './lib/pg';
import { type Answers, boundValues, isControl, runStatement, type Statement } from './lib/recorder';

async function main(): Promise<void> {
  const scenarios = JSON.parse(readFileSync(process.argv[2], 'utf8')) as Record<string, Statement[]>;
  const pool = servicePool(process.env.DATABASE_URL as string, Number(process.env.DB_POOL_MAX ?? 10), {
    application_name: 'bench-baseline',
  });
  const wire = process.env.BASELINE_WIRE
    ? (JSON.parse(readFileSync(process.env.BASELINE_WIRE, 'utf8')) as Record<string, Record<string, string>>)
    : undefined;
  const routes: [string, Handler][] = [];
  for (const [name, statements] of Object.entries(scenarios)) {
    routes.push([`/${name}`, handler(pool, statements, undefined)]);
    if (wire?.[name]) routes.push([`/wire/${name}`, handler(pool, statements, wire[name])]);
  }
  const server = process.env.BASELINE_NEST ? await nestFloor(routes, process.env.BASELINE_NEST) : fastifyServer(routes);

  const address = await server.listen(Number(process.env.PORT ?? 0));
  process.stdout.write(`listening ${new URL(address).port}\n`);
  const stop = (): void => {
    void server
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/** One scenario's work: its statements on one pooled connection, the rows as the body. */
type Handler = (reply: FastifyReply) => Promise<string | Readable>;

interface Server {
  listen(port: number): Promise<string>;
  close(): Promise<unknown>;
}

/** The bare baseline: each route a plain Fastify route. */
function fastifyServer(routes: [string, Handler][]): Server {
  const app = Fastify({ logger: false });
  for (const [path, h] of routes) app.get(path, (_req, reply) => h(reply));
  return { listen: (port) => app.listen({ port, host: '127.0.0.1' }), close: () => app.close() };
}

/**
 * BASELINE_NEST (`framework.bench.ts --nest-floor`): the same handlers as routes of one Nest
 * controller on Nest's Fastify adapter, Nest's logger off, nothing of this project's code.
 * - `bare`: no guard, pipe, interceptor, filter, hook or plugin, no CQRS on the request path (the
 *   module is loaded in both modes) — what Nest's router alone adds to bare Fastify: the floor of
 *   any service on the prescribed stack.
 * - `stack`: plus the mechanisms a secured read of the service goes through, each doing nothing:
 *   three guards on the controller (synchronous, as the service's answer from their caches), a
 *   custom parameter decorator and a parameter through a synchronous pipe (`@CurrentTenant()`,
 *   `@Param(…, ParseUuidPipe)`), the work behind `QueryBus.execute` and a `@QueryHandler`.
 */
async function nestFloor(routes: [string, Handler][], mode: string): Promise<Server> {
  if (mode !== 'bare' && mode !== 'stack') throw new Error(`BASELINE_NEST=${mode}: bare or stack`);
  const stack = mode === 'stack';
  class FloorQuery extends Query<string | Readable> {
    constructor(
      readonly work: Handler,
      readonly reply: FastifyReply,
    ) {
      super();
    }
  }
  class FloorHandler implements IQueryHandler<FloorQuery> {
    execute(q: FloorQuery): Promise<string | Readable> {
      return q.work(q.reply);
    }
  }
  QueryHandler(FloorQuery)(FloorHandler);
  Injectable()(FloorHandler);
  /** A guard that lets every request through after reading it, as a cache hit does. */
  const passGuard = (): Type<CanActivate> => {
    class PassGuard implements CanActivate {
      canActivate(context: ExecutionContext): boolean {
        return context.getArgByIndex<FastifyRequest>(0).headers !== undefined;
      }
    }
    Injectable()(PassGuard);
    return PassGuard;
  };
  const FromRequest = createParamDecorator((_: unknown, context: ExecutionContext) => context.getArgByIndex<FastifyRequest>(0).url);
  class SamePipe implements PipeTransform {
    transform(value: unknown): unknown {
      return value;
    }
  }

  class FloorController {
    constructor(readonly bus: QueryBus) {}
  }
  type Route = (this: FloorController, ...args: unknown[]) => Promise<string | Readable>;
  const proto = FloorController.prototype as unknown as Record<string, Route>;
  routes.forEach(([path, work], i) => {
    const key = `route${i}`;
    // What the decorators on a method do, for routes known at run time.
    if (stack) {
      proto[key] = function (_fromRequest, _param, reply) {
        return this.bus.execute(new FloorQuery(work, reply as FastifyReply));
      };
      FromRequest()(proto, key, 0);
      QueryParam('id', SamePipe)(proto, key, 1);
      Res({ passthrough: true })(proto, key, 2);
    } else {
      proto[key] = (reply) => work(reply as FastifyReply);
      Res({ passthrough: true })(proto, key, 0);
    }
    Get(path)(proto, key, Object.getOwnPropertyDescriptor(proto, key)!);
  });
  Inject(QueryBus)(FloorController, undefined, 0);
  if (stack) UseGuards(passGuard(), passGuard(), passGuard())(FloorController);
  Controller()(FloorController);
  class FloorModule {}
  Module({
    imports: [CqrsModule.forRoot()],
    controllers: [FloorController],
    providers: stack ? [FloorHandler] : [],
  })(FloorModule);
  const app = await NestFactory.create<NestFastifyApplication>(FloorModule, new FastifyAdapter(), { logger: false });
  return {
    listen: async (port) => {
      await app.listen(port, '127.0.0.1');
      return app.getUrl();
    },
    close: () => app.close(),
  };
}

/** `headers` (the service's response headers) replace the content type and are added as they are. */
function handler(pool: Pool, statements: Statement[], headers: Record<string, string> | undefined): Handler {
  const type = headers?.['content-type'] ?? 'application/json; charset=utf-8';
  const streamAt = statements.findIndex((s) => s.stream);
  if (streamAt < 0) {
    return async (reply) => {
      const client = await pool.connect();
      let done = false;
      try {
        const out: unknown[] = [];
        const answers: Answers = [];
        for (const s of statements) {
          const r = await runStatement(client, s, answers);
          if (!isControl(s)) out.push(r.rows);
        }
        if (headers) reply.headers(headers);
        reply.type(type);
        done = true;
        return JSON.stringify(out.length === 1 ? out[0] : out);
      } finally {
        // A statement that failed may have left its transaction open: that connection is dropped.
        client.release(!done);
      }
    };
  }
  return async (reply) => {
    const client = await pool.connect();
    let done = false;
    async function* body(): AsyncGenerator<string> {
      try {
        const answers: Answers = [];
        for (const s of statements.slice(0, streamAt)) await runStatement(client, s, answers);
        const s = statements[streamAt];
        const cursor = client.query(new QueryStream(s.text, boundValues(s, answers), { batchSize: s.stream }));
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
        answers.push(undefined);
        for (const t of statements.slice(streamAt + 1)) await runStatement(client, t, answers);
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
    return Readable.from(body());
  };
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
