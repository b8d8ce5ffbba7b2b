/**
 * A V8 .cpuprofile (node --cpu-prof, `framework.bench.ts --cpu-prof DIR`) as a flame graph SVG:
 * one box per function on a stack, as wide as the samples spent in it and below it, callers under
 * their callees' feet (Brendan Gregg's layout), colored by where the code lives. Idle time and the
 * start-up (module loading) are left out, so the picture is the requests being served.
 *
 *   node tools/run-ts.js bench/flamegraph.ts <profile.cpuprofile> <out.svg> [--title TEXT] [--min-percent 0.2] [--by-package]
 *
 * --by-package merges consecutive frames of one package (or one folder of ours, libs/platform/auth…)
 * into one box: a request's stack is 60–80 frames deep (each Fastify hook calls the next), and by
 * package it reads as "Fastify hooks → Nest router → our guards → pg".
 *
 * Hand-written rather than a dependency: the npm `flamegraph` package is unmaintained since 2017 and
 * no longer reads current .cpuprofile files, and the maintained viewers (speedscope, cpupro) produce
 * interactive HTML, which a Markdown file cannot show. The SVG keeps a `<title>` per box (hover in a
 * browser: function, file:line, percent of the samples).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { opt } from './lib/cli';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
}
interface Frame {
  name: string;
  where: string;
  value: number;
  children: Map<string, Frame>;
}

const SKIPPED_ROOTS = new Set(['(idle)', '(program)']);
const STARTUP = /node:internal\/modules\/|node:internal\/main\//;

/** The package of a frame (`fastify`, `@nestjs/core`), a folder of ours (`libs/platform/auth`), a Node module, or the native function. */
export function packageOf(f: CallFrame): string {
  const u = f.url;
  if (!u) return f.functionName || '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(u);
  if (pkg) return pkg[1];
  if (u.startsWith('node:')) return u;
  const ours = /\/((?:apps|libs)\/[^/]+)\/src\/(?:([^/]+)\/)?/.exec(u);
  return ours ? (ours[2] ? `${ours[1]}/${ours[2]}` : ours[1]) : shortUrl(u);
}

export function buildTree(profile: Profile, byPackage = false): Frame {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const counts = new Map<number, number>();
  for (const s of profile.samples) counts.set(s, (counts.get(s) ?? 0) + 1);
  const root: Frame = { name: 'all', where: '', value: 0, children: new Map() };
  for (const [id, count] of counts) {
    const stack: ProfileNode[] = [];
    for (let x: number | undefined = id; x !== undefined; x = parent.get(x)) stack.push(byId.get(x)!);
    stack.reverse(); // root first
    const frames = stack.slice(1); // the synthetic (root)
    if (frames.length === 0 || SKIPPED_ROOTS.has(frames[0].callFrame.functionName)) continue;
    if (frames.some((f) => STARTUP.test(f.callFrame.url))) continue;
    root.value += count;
    let at = root;
    let previous: string | undefined;
    for (const f of frames) {
      const group = byPackage ? packageOf(f.callFrame) : undefined;
      if (group !== undefined && group === previous) continue;
      previous = group;
      const where = group ?? (f.callFrame.url ? `${shortUrl(f.callFrame.url)}:${f.callFrame.lineNumber + 1}` : '');
      const name = group ?? (f.callFrame.functionName || '(anonymous)');
      const key = `${name} ${where}`;
      let next = at.children.get(key);
      if (!next) {
        next = { name, where, value: 0, children: new Map() };
        at.children.set(key, next);
      }
      next.value += count;
      at = next;
    }
  }
  return root;
}

function shortUrl(url: string): string {
  return url
    .replace(/^file:\/\//, '')
    .replace(/^.*node_modules\//, '')
    .replace(/^.*\/(apps|libs|bench)\//, '$1/');
}

/** Colors by origin: our code warm, the framework cool, the driver green, Node grey. */
function color(f: Frame): string {
  const w = f.where;
  if (/^(apps|libs)\//.test(w)) return '#f2a65a';
  if (/^(writev|writeUtf8String|writeBuffer|utf8Slice|\(garbage collector\))$/.test(w)) return '#9e9e9e';
  if (/^@nestjs\//.test(w)) return '#e0245e';
  if (/^(fastify|@fastify|find-my-way|avvio|light-my-request)/.test(w)) return '#6c8ebf';
  if (/^(pg|pg-|knex|tarn|@mikro-orm)/.test(w)) return '#82b366';
  if (/^(rxjs|reflect-metadata|pino|prom-client|passport|jsonwebtoken)/.test(w)) return '#b39ddb';
  if (w.startsWith('node:') || w === '') return '#bdbdbd';
  return '#d6b656';
}

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function renderSvg(root: Frame, title: string, minPercent: number): string {
  const width = 1200;
  const rowHeight = 17;
  const total = root.value || 1;
  const boxes: { f: Frame; x: number; w: number; depth: number }[] = [];
  let depthMax = 0;
  const walk = (f: Frame, x: number, depth: number): void => {
    const w = (f.value / total) * width;
    if ((f.value / total) * 100 < minPercent) return;
    depthMax = Math.max(depthMax, depth);
    boxes.push({ f, x, w, depth });
    let cx = x;
    for (const c of [...f.children.values()].sort((a, b) => b.value - a.value)) {
      walk(c, cx, depth + 1);
      cx += (c.value / total) * width;
    }
  };
  walk(root, 0, 0);
  const height = (depthMax + 1) * rowHeight + 40;
  const rects = boxes.map(({ f, x, w, depth }) => {
    const { name, where, value } = f;
    const y = height - 10 - (depth + 1) * rowHeight;
    const pct = ((value / total) * 100).toFixed(2);
    const label = w > 40 ? esc(name.slice(0, Math.floor(w / 6.5))) : '';
    return (
      `<g><title>${esc(name === where ? name : `${name} ${where}`)} — ${pct} %</title>` +
      `<rect x="${x.toFixed(2)}" y="${y}" width="${Math.max(w - 0.5, 0.3).toFixed(2)}" height="${rowHeight - 1}" fill="${color(f)}" rx="2"/>` +
      (label ? `<text x="${(x + 3).toFixed(2)}" y="${y + 12}">${label}</text>` : '') +
      '</g>'
    );
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="Verdana, sans-serif" font-size="11">`,
    `<rect width="100%" height="100%" fill="#fafafa"/>`,
    `<text x="${width / 2}" y="18" text-anchor="middle" font-size="14">${esc(title)}</text>`,
    ...rects,
    '</svg>',
  ].join('\n');
}

function main(): void {
  const [input, output] = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && !all[i - 1]?.startsWith('--'));
  if (!input || !output) throw new Error('usage: flamegraph.ts <profile.cpuprofile> <out.svg> [--title TEXT] [--min-percent 0.2]');
  const profile = JSON.parse(readFileSync(input, 'utf8')) as Profile;
  const root = buildTree(profile, process.argv.includes('--by-package'));
  writeFileSync(output, renderSvg(root, opt('title') ?? input, Number(opt('min-percent') ?? 0.2)));
  process.stderr.write(`${output}: ${root.value} samples\n`);
}

if (require.main === module) main();
