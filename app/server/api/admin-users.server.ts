/** Between the admin user forms and the contract's AdminUser (the admin flag's name is configuration). */
import { getEnv } from "~/server/config/env.server";
import type { AdminUser } from "~/utils/api/types";

export function toBackendUser(value: {
  email: string;
  password?: string;
  first_name: string;
  middle_name?: string;
  last_name: string;
  phone?: string;
  is_admin: boolean;
  is_active: boolean;
}) {
  const { is_admin, password, middle_name, phone, ...rest } = value;
  return {
    ...rest,
    middle_name: middle_name ?? "",
    phone: phone ?? null,
    ...(password ? { password } : {}),
    [getEnv().ADMIN_FLAG]: is_admin,
  };
}

export function fromBackendUser(user: AdminUser) {
  return {
    id: user.id,
    email: user.email,
    full_name: user.full_name,
    first_name: user.first_name,
    middle_name: user.middle_name,
    last_name: user.last_name,
    phone: user.phone,
    is_admin: user[getEnv().ADMIN_FLAG] === true,
    is_active: user.is_active,
    date_joined: user.date_joined,
  };
}
