import { readFileSync } from 'node:fs';

/** The inspector's SamplingHeapProfile (what bench/lib/heap-sample.js writes). */
interface HeapNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: HeapNode[];
}

export interface AllocationSummary {
  /** Sampled bytes per request. */
  bytesPerRequest: number;
  /** The largest allocation sites (the function that allocated, file:line), bytes per request. */
  sites: { site: string; bytesPerRequest: number }[];
}

/** Where a frame's code lives, short: a package and its file, or our path from libs/ or apps/. */
function where(url: string): string {
  if (!url) return '';
  const pkg = url.lastIndexOf('node_modules/');
  if (pkg >= 0) return url.slice(pkg + 'node_modules/'.length);
  const ours = url.search(/\/(libs|apps|bench)\//);
  return ours >= 0 ? url.slice(ours + 1) : url.replace(/^file:\/\//, '');
}

/** A heap profile divided by the requests served while it was taken. */
export function summarizeHeapProfile(file: string, requests: number, top = 8): AllocationSummary {
  const { head } = JSON.parse(readFileSync(file, 'utf8')) as { head: HeapNode };
  const bySite = new Map<string, number>();
  let total = 0;
  const stack: HeapNode[] = [head];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.selfSize) {
      const f = node.callFrame;
      const site = `${f.functionName || '(anonymous)'} ${where(f.url)}${f.lineNumber >= 0 ? `:${f.lineNumber + 1}` : ''}`.trim();
      bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize);
      total += node.selfSize;
    }
    stack.push(...node.children);
  }
  const sites = [...bySite]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([site, bytes]) => ({ site, bytesPerRequest: bytes / requests }));
  return { bytesPerRequest: total / requests, sites };
}
