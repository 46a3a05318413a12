import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface TenantsTable {
  id: Generated<number>;
  name: string;
  created_at: Timestamp;
}

export interface RolesTable {
  id: Generated<number>;
  tenant_id: number | null;
  name: string;
  start_on: string;
  views: Json<Record<string, boolean>>;
  created_at: Timestamp;
}

export interface UsersTable {
  id: Generated<number>;
  tenant_id: number;
  username: string;
  email: string;
  password_hash: string;
  role_id: number;
  nombre: Generated<string>;
  apellido: Generated<string>;
  telefono: Generated<string>;
  domicilio: Generated<string>;
  avatar: Buffer | null;
  avatar_mime: string | null;
  config: Json<unknown>;
  dark_mode: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  disabled_at: Date | null;
}

export interface SessionsTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  kind: 'web' | 'v2';
  token_hash: Buffer;
  digest: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Date | null;
  ip: string | null;
  user_agent: string | null;
}

export interface OneTimeCodesTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  code_hash: Buffer;
  created_by: number | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Date | null;
}

export interface RecoveryTokensTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  token_hash: Buffer;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Date | null;
}

export interface HumanChecksSpentTable {
  signature: string;
  expires_at: Timestamp;
}

export interface MailOutboxTable {
  id: Generated<number>;
  tenant_id: number | null;
  to_address: string;
  subject: string;
  body_text: string;
  created_at: Timestamp;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  sent_at: Date | null;
}

/** The database as Kysely sees it. */
export interface Database {
  tenants: TenantsTable;
  roles: RolesTable;
  users: UsersTable;
  sessions: SessionsTable;
  one_time_codes: OneTimeCodesTable;
  recovery_tokens: RecoveryTokensTable;
  human_checks_spent: HumanChecksSpentTable;
  mail_outbox: MailOutboxTable;
}
