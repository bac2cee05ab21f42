/**
 * The company API's shapes, as ../shared/api-contract.md writes them. The
 * admin flag's name is configuration (ADMIN_FLAG); here it is `isAdmin` after
 * mapping, and `AdminFlagged` keeps the raw field generic.
 */

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export interface ApiErrorItem {
  code: string;
  detail: string;
  attr: string | null;
}

export interface ApiErrorBody {
  type: "validation_error" | "client_error" | "server_error";
  errors: ApiErrorItem[];
}

export interface TokenPair {
  access: string;
  refresh: string;
}

export interface Detail {
  detail: string;
}

/** A user as the backend returns it; the admin flag's key is configurable. */
export interface User {
  id: number;
  email: string;
  first_name: string;
  middle_name: string;
  last_name: string;
  phone: string | null;
  date_joined: string;
  [adminFlag: string]: unknown;
}

export interface AdminUser extends User {
  full_name: string;
  is_active: boolean;
}

export interface Account {
  id: string;
  address: string;
  customer: string;
  balance: string;
  updated_at: string;
}

export interface PostImageRef {
  id: number;
  image: string;
}

export interface Post {
  id: number;
  title: string;
  text: string;
  is_actual: boolean;
  created_at: string;
  updated_at: string;
  images: PostImageRef[];
}

export interface PostImage {
  id: number;
  image: string;
  post: number;
}

export interface Rate {
  id: number;
  name: string;
  value: string;
  unit: string;
  description: string;
  created_at: string;
}

export interface Report {
  id: number;
  name: string;
  year: number;
  description: string;
  file: string | null;
  created_at: string;
}

export type Query = Record<string, string | number | boolean | null | undefined>;
