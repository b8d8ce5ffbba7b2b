import { hash } from 'node:crypto';

/** Everything the body of a read can depend on (CONTRACT §9). */
export interface EtagInputs {
  /** The tenant's data version (DataVersionReader). */
  dataVersion: string;
  tenantId: string;
  userId: string;
  /** The token's business. */
  businessId: string;
  /** The businesses a report covers, as the premium guard resolved them (allBusiness follows the user's list). */
  businessIds?: readonly string[];
  method: string;
  path: string;
  /** The raw query string (after `?`), normalized here. */
  query: string;
  /** The selected format (format parameter or Accept). */
  format: string;
  /** Today in Bogotá, for lists of what is current today (§3.9); undefined elsewhere. */
  day?: string;
}

/**
 * A strong ETag: a hash of the inputs, quoted. The inputs are joined unambiguously: each text is
 * written as its length, `:`, the text and `;` (a missing one as `-;`), so no two different
 * requests can share one by concatenation. Built as one string with no intermediate arrays: it
 * runs on every read, cached ones included, where its cost is a visible part of the request's CPU.
 */
export function computeEtag(i: EtagInputs): string {
  let text =
    field(i.dataVersion) +
    field(i.tenantId) +
    field(i.userId) +
    field(i.businessId) +
    // A HEAD has the headers of its GET.
    field(i.method === 'HEAD' ? 'GET' : i.method) +
    field(i.path) +
    field(i.format) +
    (i.day === undefined ? '-;' : field(i.day));
  if (i.businessIds) {
    const ids = [...i.businessIds].sort();
    text += `b${ids.length};`;
    for (const id of ids) text += field(id);
  } else {
    text += '-;';
  }
  if (i.query) for (const [name, value] of normalizeQuery(i.query)) text += field(name) + field(value);
  // crypto.hash: the one-shot form, without a Hash object per request.
  return `"${hash('sha256', text, 'base64url').slice(0, 32)}"`;
}

const field = (text: string): string => `${text.length}:${text};`;

function decode(s: string): string {
  // Most names and values hold no escape at all: nothing to decode, no regex, no allocation.
  if (s.indexOf('%') < 0 && s.indexOf('+') < 0) return s;
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

/**
 * The query string as pairs decoded and ordered by name, so `a=1&b=2` and `b=2&a=1` (or `%5B` and
 * `[`) share an ETag. Repeated names keep their order: `sort=a&sort=b` and `sort=b&sort=a` sort
 * differently, so they must not.
 */
export function normalizeQuery(query: string): [string, string][] {
  const pairs: [string, string][] = [];
  for (const part of query.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    pairs.push(eq < 0 ? [decode(part), ''] : [decode(part.slice(0, eq)), decode(part.slice(eq + 1))]);
  }
  // Array.prototype.sort is stable: equal names stay in request order.
  return pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** The entity tags of an If-None-Match header: `*`, or a list of tags (weak ones keep their `W/`). */
export function parseIfNoneMatch(header: string | string[] | undefined): '*' | string[] {
  if (header === undefined) return [];
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.trim() === '*') return '*';
  // Quoted tags may hold commas, so they are matched, not split on commas.
  return value.match(/(?:W\/)?"[^"]*"/g) ?? [];
}

/**
 * True when the tags of If-None-Match (parseIfNoneMatch) name the current representation: `*`, or
 * the ETag by the WEAK comparison RFC 9110 §13.1.2 prescribes for If-None-Match (`W/"x"` matches
 * `"x"`: a proxy that compressed or re-encoded the body marks it weak, and the client still holds
 * the same data).
 */
export function tagsMatch(tags: '*' | readonly string[], etag: string): boolean {
  if (tags === '*') return true;
  for (const tag of tags) if (tag === etag || (tag.startsWith('W/') && tag.slice(2) === etag)) return true;
  return false;
}
