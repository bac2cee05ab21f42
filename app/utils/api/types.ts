/**
 * The company API's shapes, as docs/api-contract.md writes them, derived
 * from the zod schemas the client checks answers with (schemas.ts). The
 * admin flag's name is configuration (ADMIN_FLAG): a User carries it as one
 * of its extra fields.
 */
import type { z } from "zod";

import type {
  AccountSchema,
  AdminUserSchema,
  ApiErrorBodySchema,
  ApiErrorItemSchema,
  PostImageSchema,
  PostSchema,
  RateSchema,
  ReportSchema,
  TokenPairSchema,
  UserSchema,
} from "./schemas";

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export type ApiErrorItem = z.infer<typeof ApiErrorItemSchema>;
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;
export type TokenPair = z.infer<typeof TokenPairSchema>;
export type User = z.infer<typeof UserSchema>;
export type AdminUser = z.infer<typeof AdminUserSchema>;
/** What the profile's layout gives every profile page (users/me, only what they show). */
export type ProfileDetails = Pick<
  User,
  "email" | "first_name" | "middle_name" | "last_name" | "phone" | "date_joined"
>;
/** The profile layout's data, which every profile page may read (`useRouteLoaderData`). */
export interface ProfileLayoutData {
  me: ProfileDetails;
  /** When the resident registered, as the page writes it. */
  joinedText: string;
}
export type Account = z.infer<typeof AccountSchema>;
export type Post = z.infer<typeof PostSchema>;
export type PostImage = z.infer<typeof PostImageSchema>;
export type Rate = z.infer<typeof RateSchema>;
export type Report = z.infer<typeof ReportSchema>;

export type Query = Record<string, string | number | boolean | null | undefined>;
