import { Migration } from '@mikro-orm/migrations';

/**
 * Login brute-force limits shared by every instance (CONTRACT §2, §10). One row per key
 * (`correo:<email>` or `ip:<address>`): a fixed window opened by its first attempt, the failures
 * settled in it and the password checks still in flight (`pendientes`). Global like the login
 * directory: no tenant data, looked up by key before any tenant is known.
 */
export class Migration20261124000000_login_limit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table login_limit (
        key varchar(300) primary key,
        window_start timestamptz not null,
        fallos int not null default 0,
        pendientes int not null default 0
      )`);
    // The sweep of expired windows.
    this.addSql(`create index login_limit_window_start on login_limit (window_start)`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists login_limit`);
  }
}
