import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { PlatformErrorCode } from '../errors/domain-error';
import { sendProblem } from './problem-details.filter';
import { PROBLEM_CONTENT_TYPE, problemBody } from './problem';

/**
 * Errors that happen before a request reaches Nest (and its ProblemDetailsFilter): Fastify's
 * router refusing a URL, Node's HTTP parser refusing the bytes. Without these hooks they answer
 * Fastify's own `application/json` bodies; here they are problem+json like everything else.
 */

/** Longest request target (path + query) accepted; Node's parser stops at 16 KiB for all headers. */
export const MAX_URL_LENGTH = 8192;

/** Fastify `frameworkErrors`: URL with a bad %-escape (400) or a path segment over maxParamLength (414). */
export function frameworkErrors(error: Error & { code?: string }, req: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    sendProblem(reply, req, {
      status: 414,
      code: PlatformErrorCode.URI_TOO_LONG,
      detail: 'Un segmento de la ruta es demasiado largo (máximo 300 caracteres). Revise los valores de la ruta.',
    });
    return;
  }
  sendProblem(reply, req, {
    status: 400,
    code: PlatformErrorCode.VALIDATION,
    detail: 'La URL no es válida: tiene una secuencia %XX mal formada o que no es UTF-8. Codifique la URL con encodeURIComponent.',
  });
}

/**
 * onRequest hook: request targets longer than MAX_URL_LENGTH → 414. Callback style, like the
 * other per-request hooks here: an async hook costs a promise on every request.
 */
export function limitUrlLength(req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  if (req.url.length <= MAX_URL_LENGTH) return done();
  // Answered here: Fastify skips the rest of the request once the hook has sent a reply.
  sendProblem(reply, req, {
    status: 414,
    code: PlatformErrorCode.URI_TOO_LONG,
    detail: `La URL es demasiado larga (${req.url.length} caracteres; máximo ${MAX_URL_LENGTH}). Acorte los parámetros de la consulta.`,
  });
}

/**
 * Fastify `clientErrorHandler`: Node's parser rejected the request (headers over 16 KiB, a request
 * not received within REQUEST_TIMEOUT_MS, malformed HTTP). There is no request object: the answer
 * is written on the socket, then the connection is closed.
 */
export function clientErrorHandler(error: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let status = 400;
  let code: string = PlatformErrorCode.VALIDATION;
  let detail = 'La solicitud HTTP está mal formada.';
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    status = 431;
    code = PlatformErrorCode.HEADERS_TOO_LARGE;
    detail = 'La línea de la solicitud (URL) y los encabezados superan 16 KB. Acorte la URL o los encabezados.';
  } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    code = PlatformErrorCode.TIMEOUT;
    detail = 'La solicitud no llegó completa a tiempo. Envíela de nuevo.';
  }
  const body = JSON.stringify(problemBody(status, code, detail, ''));
  // A HEAD answer has no body (a client would read it as the next response).
  const head = Buffer.isBuffer(error.rawPacket) && error.rawPacket.subarray(0, 5).toString('latin1') === 'HEAD ';
  if (socket.writable) {
    const reason = status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request';
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: ${PROBLEM_CONTENT_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${head ? '' : body}`,
    );
  }
  socket.destroy(error);
}

/**
 * How long a closing server leaves its idle keep-alive connections open. Node's server.close()
 * closes them at once, and a client that writes its next request at that moment gets a reset
 * with no answer (7–9 per SIGTERM run under keep-alive load). Left open, each one carries its
 * next request, which gets an answer with `Connection: close`, and the client closes it cleanly.
 * Only connections idle for this whole time are closed; new connections are refused meanwhile.
 */
export const CLOSE_IDLE_AFTER_MS = 1000;

/**
 * While the server closes (SIGTERM), requests still arriving on open keep-alive connections get
 * 503 problem+json with Retry-After and `Connection: close`, instead of Fastify's own JSON 503
 * (its return503OnClosing must be off). Requests already in flight finish normally.
 */
export function rejectWhileClosing(fastify: FastifyInstance): void {
  let closing = false;
  fastify.addHook('preClose', async () => {
    closing = true;
    // Node's close() calls closeIdleConnections() right away: deferred (runs before close()).
    const server = fastify.server as FastifyInstance['server'] & { closeIdleConnections?: () => void };
    const closeIdle = server.closeIdleConnections?.bind(server);
    if (closeIdle) server.closeIdleConnections = () => void setTimeout(closeIdle, CLOSE_IDLE_AFTER_MS).unref();
  });
  // Answers finishing during the shutdown close their connection: no idle keep-alive socket keeps
  // the server open until its keep-alive timeout.
  fastify.addHook('onSend', (_req, reply, _payload, done) => {
    if (closing) reply.header('connection', 'close');
    done();
  });
  fastify.addHook('onRequest', (req, reply, done) => {
    if (!closing) return done();
    reply.header('connection', 'close');
    sendProblem(reply, req, {
      status: 503,
      code: PlatformErrorCode.SERVICE_UNAVAILABLE,
      detail: 'El servicio se está deteniendo. Reintente en unos segundos.',
      headers: { 'retry-after': '5' },
    });
  });
}
