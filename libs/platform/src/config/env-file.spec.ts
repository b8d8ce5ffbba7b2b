import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from './app-config';
import { loadEnvFile } from './env-file';

describe('loadEnvFile (.env)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'envfile-'));
  const file = join(dir, '.env');
  writeFileSync(
    file,
    ['# comentario', 'PORT=4100', 'LOG_FORMAT=json', 'JWT_SECRET="un secreto de al menos 32 caracteres!"', ''].join('\n'),
  );

  it('honours a value of the file that the environment does not set', () => {
    const env: NodeJS.ProcessEnv = {};
    expect(loadEnvFile(file, env).sort()).toEqual(['JWT_SECRET', 'LOG_FORMAT', 'PORT']);
    const config = loadConfig(env, true);
    expect(config.port).toBe(4100);
    expect(config.logFormat).toBe('json');
    expect(config.jwt.secret).toBe('un secreto de al menos 32 caracteres!');
  });

  it('lets a real environment variable win over the file', () => {
    const env: NodeJS.ProcessEnv = { PORT: '5000' };
    expect(loadEnvFile(file, env)).not.toContain('PORT');
    expect(loadConfig(env, true).port).toBe(5000);
  });

  it('does nothing without a file', () => {
    const env: NodeJS.ProcessEnv = {};
    expect(loadEnvFile(join(dir, 'no-existe.env'), env)).toEqual([]);
    expect(env).toEqual({});
  });
});

describe('.env.example', () => {
  it('lists every setting loadConfig reads', () => {
    const root = join(__dirname, '..', '..', '..', '..');
    const source = readFileSync(join(__dirname, 'app-config.ts'), 'utf8');
    const read = new Set([...source.matchAll(/env\.([A-Z][A-Z0-9_]+)|(?:int|bool|pem)\('([A-Z][A-Z0-9_]+)'/g)].map((m) => m[1] ?? m[2]));
    const example = readFileSync(join(root, '.env.example'), 'utf8');
    const listed = new Set([...example.matchAll(/^# ([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
    expect(read.size).toBeGreaterThan(25);
    expect([...read].filter((name) => !listed.has(name))).toEqual([]);
  });
});
