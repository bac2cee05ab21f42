/**
 * The embedded database: SQLite through better-sqlite3, in WAL mode, with
 * its schema migrated on open (PRAGMA user_version is the schema version).
 * Times are integer microseconds (UTC), money integer kopecks.
 */
import BetterSqlite3 from "better-sqlite3";

export type Database = BetterSqlite3.Database;

const MIGRATIONS: string[] = [
  // 1: the whole model.
  `
  CREATE TABLE meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  );

  CREATE TABLE users (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    email TEXT NOT NULL UNIQUE,
    password TEXT NOT NULL,
    first_name TEXT NOT NULL,
    middle_name TEXT NOT NULL DEFAULT '',
    last_name TEXT NOT NULL,
    phone TEXT,
    is_admin INTEGER NOT NULL DEFAULT 0 CHECK (is_admin IN (0, 1)),
    is_active INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
    date_joined INTEGER NOT NULL
  );
  CREATE INDEX users_is_admin ON users (is_admin);
  CREATE INDEX users_date_joined ON users (date_joined);

  CREATE TABLE accounts (
    id TEXT PRIMARY KEY,
    address TEXT NOT NULL,
    customer TEXT NOT NULL,
    balance INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX accounts_customer ON accounts (customer);

  CREATE TABLE user_accounts (
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    attached_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, account_id)
  ) WITHOUT ROWID;
  CREATE INDEX user_accounts_account ON user_accounts (account_id);

  CREATE TABLE posts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    title TEXT NOT NULL,
    text TEXT NOT NULL,
    is_actual INTEGER NOT NULL CHECK (is_actual IN (0, 1)),
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX posts_created_at ON posts (created_at);
  CREATE INDEX posts_is_actual_created_at ON posts (is_actual, created_at);

  CREATE TABLE post_images (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    post_id INTEGER NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    path TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX post_images_post ON post_images (post_id);

  CREATE TABLE rates (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    value INTEGER NOT NULL,
    unit TEXT NOT NULL,
    description TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX rates_name ON rates (name);
  CREATE INDEX rates_created_at ON rates (created_at);

  CREATE TABLE reports (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    year INTEGER NOT NULL,
    description TEXT NOT NULL,
    file TEXT,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX reports_year_name ON reports (year, name);
  CREATE INDEX reports_created_at ON reports (created_at);

  -- Pending e-mail codes: one per purpose and e-mail (a new request replaces it).
  CREATE TABLE codes (
    purpose TEXT NOT NULL CHECK (purpose IN ('register', 'reset')),
    email TEXT NOT NULL,
    code INTEGER NOT NULL CHECK (code BETWEEN 1000 AND 9999),
    expires_at INTEGER NOT NULL,
    failed_attempts INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (purpose, email)
  ) WITHOUT ROWID;
  CREATE INDEX codes_purpose_code ON codes (purpose, code);

  -- The 60 s throttle of code requests, per purpose and e-mail.
  CREATE TABLE code_requests (
    purpose TEXT NOT NULL,
    email TEXT NOT NULL,
    requested_at INTEGER NOT NULL,
    PRIMARY KEY (purpose, email)
  ) WITHOUT ROWID;

  -- Refresh tokens issued (outstanding) and revoked (blacklisted on rotation).
  CREATE TABLE refresh_tokens (
    jti TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    revoked_at INTEGER
  ) WITHOUT ROWID;
  CREATE INDEX refresh_tokens_user ON refresh_tokens (user_id);
  CREATE INDEX refresh_tokens_expires_at ON refresh_tokens (expires_at);
  `,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

/** Unicode upper case, as PostgreSQL's UPPER() used by Django's `icontains`. */
const upper = (value: unknown) =>
  value === null || value === undefined ? null : String(value).toUpperCase();
/** A sort key close to the Russian collation: case-insensitive, «ё» with «е». */
const ruKey = (value: unknown) =>
  value === null || value === undefined ? null : String(value).toLowerCase().replace(/ё/g, "е");

export function openDatabase(file: string): Database {
  const db = new BetterSqlite3(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 5000");
  db.function("py_upper", { deterministic: true }, upper);
  db.function("ru_key", { deterministic: true }, ruKey);
  migrate(db);
  return db;
}

export function migrate(db: Database): void {
  const current = db.pragma("user_version", { simple: true }) as number;
  if (current > MIGRATIONS.length) {
    throw new Error(
      `The database schema (version ${current}) is newer than this stand-in (version ${MIGRATIONS.length}).`,
    );
  }
  for (let version = current; version < MIGRATIONS.length; version++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[version]!);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
}

export function getMeta(db: Database, key: string): string | undefined {
  const row = db.prepare("SELECT value FROM meta WHERE key = ?").get(key) as
    { value: string } | undefined;
  return row?.value;
}

export function setMeta(db: Database, key: string, value: string): void {
  db.prepare(
    "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
  ).run(key, value);
}

/** SQL for Django's `icontains` on a column (one `?` parameter). */
export const icontains = (column: string) => `instr(py_upper(${column}), py_upper(?)) > 0`;

/** Kopecks as a decimal string: 152040 → "1520.40". */
export function money(kopecks: number): string {
  const sign = kopecks < 0 ? "-" : "";
  const abs = Math.abs(kopecks);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
