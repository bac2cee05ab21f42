/**
 * The contract's endpoints as typed functions (../shared/api-contract.md).
 * Required parameters are checked before any request is sent.
 */
import type { ApiClient } from "./client.server";
import { requiredParameterError } from "./errors";
import type {
  Account,
  AdminUser,
  Detail,
  Page,
  Post,
  PostImage,
  Query,
  Rate,
  Report,
  TokenPair,
  User,
} from "./types";

function required<T>(value: T | null | undefined, name: string, operation: string): T {
  if (value === null || value === undefined) throw requiredParameterError(name, operation);
  return value;
}

const id = (value: string | number) => encodeURIComponent(String(value));

export function createApi(client: ApiClient) {
  const { request } = client;
  return {
    /** A new token pair now (e.g. so the access token carries changed names). */
    refreshTokens: () => client.refreshTokens(),
    users: {
      login: async (body: { email: string; password: string }) =>
        request<TokenPair>("clientUsersLogin", "POST", "client/users/login/", { auth: false, json: body }),
      me: async () => request<User>("clientUsersMe", "GET", "client/users/me/"),
      updateMe: async (body: Partial<Pick<User, "first_name" | "middle_name" | "last_name" | "phone">>) =>
        request<User>("clientUsersUpdateMe", "PATCH", "client/users/update_me/", { json: body }),
      updatePassword: async (body: { old_password: string; password: string; password_confirmation: string }) =>
        request<Detail>("clientUsersUpdatePassword", "POST", "client/users/update_password/", { json: body }),
      registerEmail: async (body: { email: string }) =>
        request<Detail>("clientUsersRegisterEmail", "POST", "client/users/register_email/", { auth: false, json: body }),
      checkCode: async (body: { code: number }) =>
        request<Detail>("clientUsersCheckCode", "POST", "client/users/check_code/", {
          auth: false,
          json: { code: required(body.code, "code", "clientUsersCheckCode") },
        }),
      registerProfile: async (body: {
        code: number;
        password: string;
        password_confirmation: string;
        first_name: string;
        middle_name?: string;
        last_name: string;
        phone?: string | null;
      }) =>
        request<User>("clientUsersRegisterProfile", "POST", "client/users/register_profile/", {
          auth: false,
          json: { ...body, code: required(body.code, "code", "clientUsersRegisterProfile") },
        }),
      sendCodeReset: async (body: { email: string }) =>
        request<Detail>("clientUsersSendCodeReset", "POST", "client/users/send_code_reset/", { auth: false, json: body }),
      resetPassword: async (body: { email: string; code: number; password: string; password_confirmation: string }) =>
        request<Detail>("clientUsersResetPassword", "POST", "client/users/reset_password/", { auth: false, json: body }),
    },
    accounts: {
      list: async (query?: Query) => request<Page<Account>>("clientAccountsList", "GET", "client/accounts/", { searchParams: query }),
      attach: async (body: { id: string; customer: string }) =>
        request<Account>("clientAccountsAttach", "POST", "client/accounts/attach/", { json: body }),
      detach: async (body: { id: string }) =>
        request<void>("clientAccountsDetach", "POST", "client/accounts/detach/", {
          json: { id: required(body.id, "id", "clientAccountsDetach") },
        }),
    },
    posts: {
      list: async (query?: Query) =>
        request<Page<Post>>("clientPostsList", "GET", "client/posts/", { auth: false, searchParams: query }),
      get: async (postId: number | string) =>
        request<Post>("clientPostsRetrieve", "GET", `client/posts/${id(required(postId, "id", "clientPostsRetrieve"))}/`, {
          auth: false,
        }),
    },
    rates: {
      list: async (query?: Query) =>
        request<Page<Rate>>("clientRatesList", "GET", "client/rates/", { auth: false, searchParams: query }),
      get: async (rateId: number | string) =>
        request<Rate>("clientRatesRetrieve", "GET", `client/rates/${id(required(rateId, "id", "clientRatesRetrieve"))}/`, {
          auth: false,
        }),
    },
    reports: {
      list: async (query?: Query) =>
        request<Page<Report>>("clientReportsList", "GET", "client/reports/", { auth: false, searchParams: query }),
      get: async (reportId: number | string) =>
        request<Report>(
          "clientReportsRetrieve",
          "GET",
          `client/reports/${id(required(reportId, "id", "clientReportsRetrieve"))}/`,
          { auth: false },
        ),
    },
    admin: {
      posts: {
        create: async (body: { title: string; text: string; is_actual: boolean }) =>
          request<Post>("adminPostsCreate", "POST", "admin/posts/", { json: body }),
        update: async (postId: number, body: { title: string; text: string; is_actual: boolean }) =>
          request<Post>("adminPostsUpdate", "PUT", `admin/posts/${id(required(postId, "id", "adminPostsUpdate"))}/`, {
            json: body,
          }),
        delete: async (postId: number) =>
          request<void>("adminPostsDestroy", "DELETE", `admin/posts/${id(required(postId, "id", "adminPostsDestroy"))}/`),
      },
      images: {
        list: async (query?: Query) =>
          request<Page<PostImage>>("adminPostsImagesList", "GET", "admin/posts/images/", { searchParams: query }),
        get: async (imageId: number) =>
          request<PostImage>(
            "adminPostsImagesRetrieve",
            "GET",
            `admin/posts/images/${id(required(imageId, "id", "adminPostsImagesRetrieve"))}/`,
          ),
        /** Multipart: `image` (a checked file) and `post` (the post's id). */
        create: async (form: FormData) =>
          request<PostImage>("adminPostsImagesCreate", "POST", "admin/posts/images/", { body: form }),
        patch: async (imageId: number, form: FormData) =>
          request<PostImage>(
            "adminPostsImagesPartialUpdate",
            "PATCH",
            `admin/posts/images/${id(required(imageId, "id", "adminPostsImagesPartialUpdate"))}/`,
            { body: form },
          ),
        delete: async (imageId: number) =>
          request<void>(
            "adminPostsImagesDestroy",
            "DELETE",
            `admin/posts/images/${id(required(imageId, "id", "adminPostsImagesDestroy"))}/`,
          ),
      },
      users: {
        list: async (query?: Query) => request<Page<AdminUser>>("adminUsersList", "GET", "admin/users/", { searchParams: query }),
        get: async (userId: number) =>
          request<AdminUser>("adminUsersRetrieve", "GET", `admin/users/${id(required(userId, "id", "adminUsersRetrieve"))}/`),
        create: async (body: Record<string, unknown>) =>
          request<AdminUser>("adminUsersCreate", "POST", "admin/users/", { json: body }),
        patch: async (userId: number, body: Record<string, unknown>) =>
          request<AdminUser>(
            "adminUsersPartialUpdate",
            "PATCH",
            `admin/users/${id(required(userId, "id", "adminUsersPartialUpdate"))}/`,
            { json: body },
          ),
        delete: async (userId: number) =>
          request<void>("adminUsersDestroy", "DELETE", `admin/users/${id(required(userId, "id", "adminUsersDestroy"))}/`),
      },
    },
  };
}

export type Api = ReturnType<typeof createApi>;
