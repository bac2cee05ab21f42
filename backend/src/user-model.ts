/** The user record, its queries and its two representations (User, AdminUser). */
import type { Database } from "./db.js";
import { formatTime } from "./time.js";

export interface UserRow {
  id: number;
  email: string;
  password: string;
  first_name: string;
  middle_name: string;
  last_name: string;
  phone: string | null;
  is_admin: number;
  is_active: number;
  date_joined: number;
}

export function getUserById(db: Database, id: number): UserRow | undefined {
  return db.prepare("SELECT * FROM users WHERE id = ?").get(id) as UserRow | undefined;
}

export function getUserByEmail(db: Database, email: string): UserRow | undefined {
  return db.prepare("SELECT * FROM users WHERE email = ?").get(email.toLowerCase()) as
    UserRow | undefined;
}

export function emailTaken(db: Database, email: string, exceptId?: number): boolean {
  const row = db.prepare("SELECT id FROM users WHERE email = ?").get(email.toLowerCase()) as
    { id: number } | undefined;
  return row !== undefined && row.id !== exceptId;
}

/** "last first middle", single-spaced. */
export function fullName(user: Pick<UserRow, "first_name" | "middle_name" | "last_name">): string {
  return [user.last_name, user.first_name, user.middle_name]
    .filter((part) => part.trim() !== "")
    .join(" ");
}

/** SQL expression of the full name, for the admin filter and ordering. */
export const FULL_NAME_SQL =
  "trim(last_name || CASE WHEN first_name <> '' THEN ' ' || first_name ELSE '' END || CASE WHEN middle_name <> '' THEN ' ' || middle_name ELSE '' END)";

/** User: `{id, email, first_name, middle_name, last_name, phone, <admin flag>, date_joined}`. */
export function userJson(user: UserRow, adminFlag: string): Record<string, unknown> {
  return {
    id: user.id,
    email: user.email,
    first_name: user.first_name,
    middle_name: user.middle_name,
    last_name: user.last_name,
    phone: user.phone,
    [adminFlag]: user.is_admin === 1,
    date_joined: formatTime(user.date_joined),
  };
}

/** AdminUser: User plus `full_name` and `is_active`. */
export function adminUserJson(user: UserRow, adminFlag: string): Record<string, unknown> {
  return {
    id: user.id,
    email: user.email,
    full_name: fullName(user),
    first_name: user.first_name,
    middle_name: user.middle_name,
    last_name: user.last_name,
    phone: user.phone,
    [adminFlag]: user.is_admin === 1,
    is_active: user.is_active === 1,
    date_joined: formatTime(user.date_joined),
  };
}
