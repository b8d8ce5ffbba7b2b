import type { Instant, Uuid } from '../dataset-scalars';

/** Platform's part of the import format (../shared/contract/dataset.schema.json): businesses and users. */

export type Plan = 'PREMIUM' | 'GRATIS' | 'TRIAL';

export interface NegocioInput {
  uuid: Uuid;
  nombre: string;
  suscripcion?: { plan: Plan; desde: Instant; hasta: Instant } | null;
}

export interface UsuarioInput {
  uuid: Uuid;
  email: string;
  password: string;
  nombre: string;
  apellido: string;
  rol?: string;
  activo?: boolean;
  negocios: Uuid[];
}
