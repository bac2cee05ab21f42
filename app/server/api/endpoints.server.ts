/**
 * The contract's endpoints as typed functions (docs/api-contract.md).
 * Required parameters are checked before any request is sent; each answer
 * is checked against its schema by the client.
 */
import { requiredParameterError } from "~/utils/api/errors";
import {
  AccountSchema,
  AdminUserSchema,
  DetailSchema,
  PageSchemas,
  PostImageSchema,
  PostSchema,
  RateSchema,
  ReportSchema,
  TokenPairSchema,
  UserSchema,
} from "~/utils/api/schemas";
import type { Query, User } from "~/utils/api/types";

import type { ApiClient } from "./client.server";

function required<T>(value: T | null | undefined, name: string, operation: string): T {
  if (value === null || value === undefined) throw requiredParameterError(name, operation);
  return value;
}

const id = (value: string | number) => encodeURIComponent(String(value));

/** A table, one entry per endpoint of the contract: long by nature, read by looking one up. */
// eslint-disable-next-line max-lines-per-function -- a declarative table of the contract's endpoints
export function createApi(client: ApiClient) {
  const { request } = client;
  return {
    /** A new token pair now (e.g. so the access token carries changed names). */
    refreshTokens: () => client.refreshTokens(),
    users: {
      login: async (body: { email: string; password: string }) =>
        request("clientUsersLogin", "POST", "client/users/login/", {
          auth: false,
          json: body,
          schema: TokenPairSchema,
        }),
      me: async () =>
        request("clientUsersMe", "GET", "client/users/me/", {
          schema: UserSchema,
        }),
      updateMe: async (
        body: Partial<Pick<User, "first_name" | "middle_name" | "last_name" | "phone">>,
      ) =>
        request("clientUsersUpdateMe", "PATCH", "client/users/update_me/", {
          json: body,
          schema: UserSchema,
        }),
      updatePassword: async (body: {
        old_password: string;
        password: string;
        password_confirmation: string;
      }) =>
        request("clientUsersUpdatePassword", "POST", "client/users/update_password/", {
          json: body,
          schema: DetailSchema,
        }),
      registerEmail: async (body: { email: string }) =>
        request("clientUsersRegisterEmail", "POST", "client/users/register_email/", {
          auth: false,
          json: body,
          schema: DetailSchema,
        }),
      checkCode: async (body: { code: number }) =>
        request("clientUsersCheckCode", "POST", "client/users/check_code/", {
          auth: false,
          json: { code: required(body.code, "code", "clientUsersCheckCode") },
          schema: DetailSchema,
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
        request("clientUsersRegisterProfile", "POST", "client/users/register_profile/", {
          auth: false,
          json: {
            ...body,
            code: required(body.code, "code", "clientUsersRegisterProfile"),
          },
          schema: UserSchema,
        }),
      sendCodeReset: async (body: { email: string }) =>
        request("clientUsersSendCodeReset", "POST", "client/users/send_code_reset/", {
          auth: false,
          json: body,
          schema: DetailSchema,
        }),
      resetPassword: async (body: {
        email: string;
        code: number;
        password: string;
        password_confirmation: string;
      }) =>
        request("clientUsersResetPassword", "POST", "client/users/reset_password/", {
          auth: false,
          json: body,
          schema: DetailSchema,
        }),
    },
    accounts: {
      list: async (query?: Query) =>
        request("clientAccountsList", "GET", "client/accounts/", {
          searchParams: query,
          schema: PageSchemas.accounts,
        }),
      attach: async (body: { id: string; customer: string }) =>
        request("clientAccountsAttach", "POST", "client/accounts/attach/", {
          json: body,
          schema: AccountSchema,
        }),
      detach: async (body: { id: string }) =>
        request<void>("clientAccountsDetach", "POST", "client/accounts/detach/", {
          json: { id: required(body.id, "id", "clientAccountsDetach") },
        }),
    },
    posts: {
      list: async (query?: Query) =>
        request("clientPostsList", "GET", "client/posts/", {
          auth: false,
          searchParams: query,
          schema: PageSchemas.posts,
        }),
      get: async (postId: number | string) =>
        request(
          "clientPostsRetrieve",
          "GET",
          `client/posts/${id(required(postId, "id", "clientPostsRetrieve"))}/`,
          {
            auth: false,
            schema: PostSchema,
          },
        ),
    },
    rates: {
      list: async (query?: Query) =>
        request("clientRatesList", "GET", "client/rates/", {
          auth: false,
          searchParams: query,
          schema: PageSchemas.rates,
        }),
      get: async (rateId: number | string) =>
        request(
          "clientRatesRetrieve",
          "GET",
          `client/rates/${id(required(rateId, "id", "clientRatesRetrieve"))}/`,
          {
            auth: false,
            schema: RateSchema,
          },
        ),
    },
    reports: {
      list: async (query?: Query) =>
        request("clientReportsList", "GET", "client/reports/", {
          auth: false,
          searchParams: query,
          schema: PageSchemas.reports,
        }),
      get: async (reportId: number | string) =>
        request(
          "clientReportsRetrieve",
          "GET",
          `client/reports/${id(required(reportId, "id", "clientReportsRetrieve"))}/`,
          {
            auth: false,
            schema: ReportSchema,
          },
        ),
    },
    admin: {
      posts: {
        create: async (body: { title: string; text: string; is_actual: boolean }) =>
          request("adminPostsCreate", "POST", "admin/posts/", {
            json: body,
            schema: PostSchema,
          }),
        update: async (postId: number, body: { title: string; text: string; is_actual: boolean }) =>
          request(
            "adminPostsUpdate",
            "PUT",
            `admin/posts/${id(required(postId, "id", "adminPostsUpdate"))}/`,
            {
              json: body,
              schema: PostSchema,
            },
          ),
        delete: async (postId: number) =>
          request<void>(
            "adminPostsDestroy",
            "DELETE",
            `admin/posts/${id(required(postId, "id", "adminPostsDestroy"))}/`,
          ),
      },
      images: {
        list: async (query?: Query) =>
          request("adminPostsImagesList", "GET", "admin/posts/images/", {
            searchParams: query,
            schema: PageSchemas.postImages,
          }),
        get: async (imageId: number) =>
          request(
            "adminPostsImagesRetrieve",
            "GET",
            `admin/posts/images/${id(required(imageId, "id", "adminPostsImagesRetrieve"))}/`,
            { schema: PostImageSchema },
          ),
        /** Multipart: `image` (a checked file) and `post` (the post's id). */
        create: async (form: FormData) =>
          request("adminPostsImagesCreate", "POST", "admin/posts/images/", {
            body: form,
            schema: PostImageSchema,
          }),
        patch: async (imageId: number, form: FormData) =>
          request(
            "adminPostsImagesPartialUpdate",
            "PATCH",
            `admin/posts/images/${id(required(imageId, "id", "adminPostsImagesPartialUpdate"))}/`,
            { body: form, schema: PostImageSchema },
          ),
        delete: async (imageId: number) =>
          request<void>(
            "adminPostsImagesDestroy",
            "DELETE",
            `admin/posts/images/${id(required(imageId, "id", "adminPostsImagesDestroy"))}/`,
          ),
      },
      users: {
        list: async (query?: Query) =>
          request("adminUsersList", "GET", "admin/users/", {
            searchParams: query,
            schema: PageSchemas.adminUsers,
          }),
        get: async (userId: number) =>
          request(
            "adminUsersRetrieve",
            "GET",
            `admin/users/${id(required(userId, "id", "adminUsersRetrieve"))}/`,
            {
              schema: AdminUserSchema,
            },
          ),
        create: async (body: Record<string, unknown>) =>
          request("adminUsersCreate", "POST", "admin/users/", {
            json: body,
            schema: AdminUserSchema,
          }),
        patch: async (userId: number, body: Record<string, unknown>) =>
          request(
            "adminUsersPartialUpdate",
            "PATCH",
            `admin/users/${id(required(userId, "id", "adminUsersPartialUpdate"))}/`,
            {
              json: body,
              schema: AdminUserSchema,
            },
          ),
        delete: async (userId: number) =>
          request<void>(
            "adminUsersDestroy",
            "DELETE",
            `admin/users/${id(required(userId, "id", "adminUsersDestroy"))}/`,
          ),
      },
    },
  };
}

export type Api = ReturnType<typeof createApi>;
