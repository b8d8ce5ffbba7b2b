import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv } from 'node:util';

/**
 * Reads `.env` (the working directory's, if present) into the environment before the settings
 * are validated. Node's own parser (util.parseEnv, Node ≥ 20.12) instead of the dotenv package;
 * applied by hand so the precedence is ours and explicit: a variable already in the real
 * environment always wins over the file (like `node --env-file`), so `PORT=4000 npm start`
 * overrides a `.env` that says 3000.
 *
 * Returns the names taken from the file.
 */
export function loadEnvFile(path = resolve('.env'), env: NodeJS.ProcessEnv = process.env): string[] {
  if (!existsSync(path)) return [];
  const taken: string[] = [];
  for (const [name, value] of Object.entries(parseEnv(readFileSync(path, 'utf8')))) {
    if (env[name] !== undefined || value === undefined) continue;
    env[name] = value;
    taken.push(name);
  }
  return taken;
}
