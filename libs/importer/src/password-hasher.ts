import { availableParallelism } from 'node:os';
import { hashPassword } from '@nomina-api/platform/bulk';
import type { UsuarioInput } from './dataset.types';

/**
 * The users' scrypt hashes, computed on libuv's thread pool while the main thread reads the file.
 *
 * Each hash costs ~41 ms of CPU (CONTRACT §2 asks for a slow hash): a file of 60 tenants and 210
 * users spends 8.6 s of CPU on them, as much as parsing and validating its 1.1 M payslip lines.
 * Hashed up front, they kept both cores busy while nothing else ran; started as the first pass
 * reads each user, they use the core the single-threaded validation leaves free, and the load
 * waits only for the users of the tenant it is writing. At most one hash per spare core (two at
 * most) runs at a time, so the hashing does not slow the passes it overlaps.
 *
 * Each scrypt allocates 16 MB, which glibc keeps in the arena of the pool thread that ran it: with
 * libuv's default four threads that is 64 MB of RSS for the rest of the import. The import CLI
 * sizes the pool with `threads` (the hashing ones plus one for the file's reads) to keep it at 32 MB.
 */
export class PasswordHasher {
  private readonly hashes = new Map<UsuarioInput, Promise<string>>();
  /** Users whose hash is computed. */
  private readonly done = new Set<UsuarioInput>();
  private readonly waiting: { password: string; resolve: (hash: string) => void; reject: (err: unknown) => void }[] = [];
  private running = 0;
  /** Callers waiting for hashes: the main thread then idles, and one more hash may run. */
  private waiters = 0;

  /** Hashes run at once: the cores the main thread leaves, at most two. */
  static readonly parallel = Math.min(2, Math.max(1, availableParallelism() - 1));
  /** The thread pool an import needs: the hashing threads and one for reading the file. */
  static readonly threads = PasswordHasher.parallel + 1;

  constructor(private readonly parallel = PasswordHasher.parallel) {}

  /** Queues the user's password (anything else is left to the schema, which refuses the file). */
  add(user: unknown): void {
    const u = user as UsuarioInput;
    if (typeof u !== 'object' || u === null || typeof u.password !== 'string' || this.hashes.has(u)) return;
    const hash = new Promise<string>((resolve, reject) =>
      this.waiting.push({
        password: u.password,
        resolve: (h) => {
          this.done.add(u);
          resolve(h);
        },
        reject,
      }),
    );
    // Awaited by the load; a file refused later never asks for it, and its failure must not crash the process.
    hash.catch(() => undefined);
    this.hashes.set(u, hash);
    this.pump();
  }

  /** The hashes of these users, queuing those not added yet. */
  async of(users: readonly UsuarioInput[]): Promise<Map<UsuarioInput, string>> {
    for (const u of users) this.add(u);
    // Only a caller that really waits frees the main thread's core for one more hash: one started
    // while awaiting hashes already done took the pool thread the file's reads need (the next
    // list the load opened then waited ~40 ms behind it, 1 s over the bench's 60 tenants).
    const waits = users.some((u) => !this.done.has(u));
    if (waits) this.waiters++;
    this.pump();
    try {
      const hashes = await Promise.all(users.map((u) => this.hashes.get(u)!));
      return new Map(users.map((u, i) => [u, hashes[i]]));
    } finally {
      if (waits) this.waiters--;
    }
  }

  private pump(): void {
    while (this.running < this.parallel + (this.waiters ? 1 : 0) && this.waiting.length) {
      const job = this.waiting.shift()!;
      this.running++;
      hashPassword(job.password)
        .then(job.resolve, job.reject)
        .finally(() => {
          this.running--;
          this.pump();
        });
    }
  }
}
