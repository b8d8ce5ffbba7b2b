import type { FastifyReply } from 'fastify';

export const LEGACY_JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Payroll 200 bodies are written by the legacy JSON writer (Java layout, byte for byte), so they
 * must bypass Nest's JSON serialization: the controller returns the string and this sets the
 * content type on the passthrough reply (Fastify sends strings as they are).
 */
export function legacyJson(reply: FastifyReply, body: string): string {
  reply.header('content-type', LEGACY_JSON_CONTENT_TYPE);
  return body;
}
