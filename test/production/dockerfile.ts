import { readFileSync } from 'node:fs';

/**
 * The Dockerfile's runtime stage (the last FROM), read so that the production suite rebuilds
 * exactly the file set, install command, environment and command the image has: a change to the
 * Dockerfile changes what is tested, without a Docker engine.
 */
export type Step =
  /** `COPY <sources…> <destination>` from the build context. */
  | { kind: 'copy'; sources: string[]; destination: string }
  /** `COPY --from=<stage> <source> <destination>`. */
  | { kind: 'stage-copy'; stage: string; source: string; destination: string }
  /** `RUN <command>`, as written. */
  | { kind: 'run'; command: string };

export interface RuntimeStage {
  /** The file-set steps in their order. */
  steps: Step[];
  env: Record<string, string>;
  /** `CMD [...]` (exec form). */
  cmd: string[];
}

/** Instructions with their line continuations joined and comments dropped. */
function instructions(text: string): string[] {
  const out: string[] = [];
  let current = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!current && (line === '' || line.startsWith('#'))) continue;
    if (current && line.startsWith('#')) continue;
    current += (current ? ' ' : '') + line.replace(/\\$/, '').trim();
    if (!line.endsWith('\\')) {
      out.push(current);
      current = '';
    }
  }
  if (current) out.push(current);
  return out;
}

/** `A=1 B="two words"` → { A: '1', B: 'two words' }. */
function envPairs(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const m of text.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("(?:[^"\\]|\\.)*"|\S*)/g)) {
    env[m[1]] = m[2].startsWith('"') ? (JSON.parse(m[2]) as string) : m[2];
  }
  return env;
}

export function runtimeStage(path: string): RuntimeStage {
  const all = instructions(readFileSync(path, 'utf8'));
  const from = all.map((i) => /^FROM\s/i.test(i)).lastIndexOf(true);
  if (from < 0) throw new Error(`${path}: no FROM`);
  const stage: RuntimeStage = { steps: [], env: {}, cmd: [] };
  for (const instruction of all.slice(from + 1)) {
    const [keyword, ...rest] = instruction.split(/\s+/);
    const args = rest.join(' ');
    switch (keyword.toUpperCase()) {
      case 'COPY': {
        const words = rest.filter((w) => !w.startsWith('--chown') && !w.startsWith('--chmod'));
        const fromStage = words[0]?.startsWith('--from=') ? words.shift()!.slice('--from='.length) : undefined;
        const destination = words.pop()!;
        stage.steps.push(
          fromStage
            ? { kind: 'stage-copy', stage: fromStage, source: words[0], destination }
            : { kind: 'copy', sources: words, destination },
        );
        break;
      }
      case 'RUN':
        stage.steps.push({ kind: 'run', command: args });
        break;
      case 'ENV':
        Object.assign(stage.env, envPairs(args));
        break;
      case 'CMD':
        stage.cmd = JSON.parse(args) as string[];
        break;
      default:
        break;
    }
  }
  return stage;
}
