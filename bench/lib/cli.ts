import { once } from 'node:events';
import { createServer } from 'node:net';

/** Every value of `--name value` / `--name=value` on the command line, in order. */
export function opts(name: string): string[] {
  return process.argv.flatMap((a, i) =>
    a === `--${name}` ? [process.argv[i + 1]] : a.startsWith(`--${name}=`) ? [a.slice(name.length + 3)] : [],
  );
}

/** The first value of `--name value` / `--name=value`, if given. */
export const opt = (name: string): string | undefined => opts(name)[0];

/** A TCP port free on the loopback interface right now. */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
