import { verifyPassword } from '@nomina-api/platform/auth';
import type { UsuarioInput } from './dataset.types';
import { PasswordHasher } from './password-hasher';

const user = (n: number): UsuarioInput =>
  ({ uuid: `u${n}`, email: `u${n}@x.co`, password: `clave-${n}-segura`, nombre: 'N', apellido: 'A', negocios: [] }) as UsuarioInput;

describe('PasswordHasher', () => {
  it('hashes the users queued early and those asked for later, each with its own salt', async () => {
    const hasher = new PasswordHasher(1);
    const users = [user(1), user(2), user(3)];
    hasher.add(users[0]);
    hasher.add(users[1]);
    // Not a user (the schema refuses the file): ignored, never a crash.
    hasher.add({ password: 42 });
    hasher.add(null);
    const hashes = await hasher.of(users);
    expect(hashes.size).toBe(3);
    for (const u of users) await expect(verifyPassword(u.password, hashes.get(u)!)).resolves.toBe(true);
    expect(new Set(hashes.values()).size).toBe(3);
    // Asked again: the same hashes, not new ones.
    expect((await hasher.of([users[0]])).get(users[0])).toBe(hashes.get(users[0]));
  });

  it('runs at most its parallel hashes while nobody waits, one more while someone does', async () => {
    const hasher = new PasswordHasher(1);
    const running = (): number => (hasher as unknown as { running: number }).running;
    const users = [user(1), user(2), user(3), user(4)];
    for (const u of users) hasher.add(u);
    expect(running()).toBe(1);
    const waiting = hasher.of(users.slice(0, 2));
    expect(running()).toBe(2);
    await waiting;
    await hasher.of(users);
    expect(running()).toBe(0);
  });
});
