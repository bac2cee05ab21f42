/**
 * The contract's shapes (docs/api-contract.md) as zod schemas: the backend
 * client checks every answer against them once, at the boundary, so a
 * backend that answers something else is a 502 page rather than a crash deep
 * in a route. The TS types in types.ts are derived from these.
 *
 * Lenient where the contract is: objects are loose (extra fields pass, and
 * the configurable admin flag rides along as an extra field), nullable fields
 * as written there, money as decimal strings. Times stay plain strings: the
 * portal formats them and a strict ISO check would cost on every list row.
 */
import { z } from "~/utils/schemas/zod";

/** Money and tariffs: decimal strings ("1520.40", "-12.5"), never floats. */
const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);
const id = z.number().int();
/** simplejwt's tokens: three base64url parts (the portal only decodes them). */
const jwt = z.string().regex(/^[\w-]+\.[\w-]+\.[\w-]*$/);

export const TokenPairSchema = z.looseObject({ access: jwt, refresh: jwt });

export const DetailSchema = z.looseObject({ detail: z.string() });

export const ApiErrorItemSchema = z.looseObject({
  code: z.string(),
  detail: z.string(),
  attr: z.string().nullable(),
});

/** drf-standardized-errors' body; `type` is kept open (a newer release may add one). */
export const ApiErrorBodySchema = z.looseObject({
  type: z.string(),
  errors: z.array(ApiErrorItemSchema),
});

/** A user as the backend returns it; the admin flag (ADMIN_FLAG) is one of the extra fields. */
export const UserSchema = z.looseObject({
  id,
  email: z.string(),
  first_name: z.string(),
  middle_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  date_joined: z.string(),
});

export const AdminUserSchema = UserSchema.extend({
  full_name: z.string(),
  is_active: z.boolean(),
});

export const AccountSchema = z.looseObject({
  id: z.string(),
  address: z.string(),
  customer: z.string(),
  balance: decimal,
  updated_at: z.string(),
});

export const PostImageRefSchema = z.looseObject({ id, image: z.string() });

export const PostSchema = z.looseObject({
  id,
  title: z.string(),
  text: z.string(),
  is_actual: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  images: z.array(PostImageRefSchema),
});

export const PostImageSchema = z.looseObject({ id, image: z.string(), post: id });

export const RateSchema = z.looseObject({
  id,
  name: z.string(),
  value: decimal,
  unit: z.string(),
  description: z.string(),
  created_at: z.string(),
});

export const ReportSchema = z.looseObject({
  id,
  name: z.string(),
  year: z.number().int(),
  description: z.string(),
  file: z.string().nullable(),
  created_at: z.string(),
});

/** DRF's PageNumberPagination page of `item`. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.looseObject({
    count: z.number().int().nonnegative(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

/** Built once: the client parses every list answer with one of these. */
export const PageSchemas = {
  accounts: pageSchema(AccountSchema),
  posts: pageSchema(PostSchema),
  postImages: pageSchema(PostImageSchema),
  rates: pageSchema(RateSchema),
  reports: pageSchema(ReportSchema),
  adminUsers: pageSchema(AdminUserSchema),
};
