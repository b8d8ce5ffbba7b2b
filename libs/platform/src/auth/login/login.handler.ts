import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PlatformError, PlatformErrorCode } from '../../errors/domain-error';
import { toWireUuid } from '../../http/uuid';
import { prepared } from '../../persistence/prepared-statement';
import { SqlReader } from '../../persistence/sql-reader';
import { dummyPasswordHash, verifyPassword } from '../password';
import { TokenService } from '../token.service';
import type { LoginResponseDto } from './dto/login.response.dto';
import { LoginCommand } from './login.command';

interface UserRow {
  tenant_id: string;
  id: string;
  email: string;
  password_hash: string;
  nombre: string;
  apellido: string;
  rol: string;
  activo: boolean;
  tenant_activo: boolean;
}

const USER_SQL = prepared(`
  select u.tenant_id, u.id, u.email, u.password_hash, u.nombre, u.apellido, u.rol, u.activo, t.activo as tenant_activo
    from login_directory d
    join usuario u on u.tenant_id = d.tenant_id and u.id = d.usuario_id
    join tenant t on t.id = u.tenant_id
   where d.email_key = $1`);

const BUSINESSES_SQL = prepared(`
  select n.id, n.nombre,
         exists (select 1 from suscripcion s
                  where s.tenant_id = n.tenant_id and s.negocio_id = n.id and s.plan = 'PREMIUM'
                    and s.desde <= $3 and $3 <= s.hasta) as premium
    from usuario_negocio un
    join negocio n on n.tenant_id = un.tenant_id and n.id = un.negocio_id
   where un.tenant_id = $1 and un.usuario_id = $2
   order by un.orden`);

const WRONG_CREDENTIALS = 'Correo o contraseña incorrectos.';

/** POST /login (CONTRACT §2): checks in the contract's order, same answer for unknown e-mail and wrong password. */
@CommandHandler(LoginCommand)
export class LoginHandler implements ICommandHandler<LoginCommand, LoginResponseDto> {
  constructor(
    private readonly sql: SqlReader,
    private readonly tokens: TokenService,
  ) {}

  async execute({ email, password, business }: LoginCommand): Promise<LoginResponseDto> {
    // Credentials and statuses on the primary, never a replica: a changed password or a
    // deactivation is never undone by a replica's lag (CONTRACT §2).
    const [user] = await this.sql.queryOnPrimary<UserRow>(USER_SQL, [email.trim().toLowerCase()]);
    // Unknown e-mails still pay for one hash verification, so timing does not reveal accounts.
    const ok = await verifyPassword(password, user?.password_hash ?? (await dummyPasswordHash()));
    if (!user || !ok) throw new PlatformError(PlatformErrorCode.INVALID_CREDENTIALS, WRONG_CREDENTIALS);
    if (!user.activo) throw new PlatformError(PlatformErrorCode.USER_INACTIVE, 'Usuario inactivo');
    if (!user.tenant_activo) throw new PlatformError(PlatformErrorCode.TENANT_INACTIVE, 'Tenant no existe o está inactivo');

    // The instant PremiumGuard compares with (PrincipalDirectory.premiumBusinesses): this process's clock.
    const now = new Date(Date.now());
    const businesses = await this.sql.queryOnPrimary<{ id: string; nombre: string; premium: boolean }>(BUSINESSES_SQL, [
      user.tenant_id,
      user.id,
      now,
    ]);
    const selected = business ? businesses.find((b) => b.id === business) : businesses[0];
    if (!selected) {
      throw new PlatformError(
        PlatformErrorCode.BUSINESS_FORBIDDEN,
        business
          ? `El negocio ${toWireUuid(business)} no pertenece al usuario; use uno de sus negocios o omita "business".`
          : 'El usuario no tiene negocios asignados.',
      );
    }
    return {
      tokenCurrent: this.tokens.issue({ userId: user.id, tenantId: user.tenant_id, businessId: selected.id }),
      _id: toWireUuid(user.id),
      business: toWireUuid(selected.id),
      name: user.nombre,
      lastName: user.apellido,
      email: user.email,
      role: user.rol,
      isActive: user.activo,
      businesses: businesses.map((b) => ({ _id: toWireUuid(b.id), name: b.nombre, premium: b.premium })),
    };
  }
}
