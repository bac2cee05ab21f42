import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";

import { createMemoryStore } from "~/server/store/memory-store.server";
import { SessionExpiredError } from "~/utils/api/errors";
import { UserSchema } from "~/utils/api/schemas";
import type { TokenPair } from "~/utils/api/types";

import { createApiClient } from "./client.server";

/**
 * A valid token of a deleted or deactivated user, as a stock backend refuses
 * it (simplejwt with drf-standardized-errors: `authentication_failed`, the
 * contract's named code in an entry's detail): the session ends, whatever the
 * refresh answers, and its tokens are cleared.
 */
const key = new TextEncoder().encode("test-secret");
async function token(kind: "access" | "refresh", jti: string) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ token_type: kind, user_id: 7, jti })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuedAt(now)
    .setExpirationTime(now + 300)
    .sign(key);
}

const goneUser = () =>
  Response.json(
    {
      type: "client_error",
      errors: [
        { code: "authentication_failed", detail: "User not found", attr: "detail" },
        { code: "authentication_failed", detail: "user_not_found", attr: "code" },
      ],
    },
    { status: 401 },
  );

/** simplejwt's refresh of a deactivated user's token (its `no_active_account`), or a new pair, as older versions give a deleted user. */
const refreshAnswers = {
  refused: async () =>
    Response.json(
      {
        type: "client_error",
        errors: [
          {
            code: "authentication_failed",
            detail: "No active account found for the given token.",
            attr: "detail",
          },
          { code: "authentication_failed", detail: "no_active_account", attr: "code" },
        ],
      },
      { status: 401 },
    ),
  "a new pair": async () =>
    Response.json({ access: await token("access", "new"), refresh: await token("refresh", "new") }),
};

describe.each(Object.entries(refreshAnswers))(
  "a gone user's valid token, the refresh answering %s",
  (_answer, refresh) => {
    it("ends the session once, clearing its tokens", async () => {
      let state: Partial<TokenPair> = {
        access: await token("access", "old"),
        refresh: await token("refresh", "old"),
      };
      const calls = { me: 0, refresh: 0 };
      const expired: SessionExpiredError[] = [];
      const client = createApiClient({
        baseUrl: "http://backend.test",
        timeoutMs: 5000,
        store: createMemoryStore(),
        tokens: {
          get: () => state,
          set: (pair) => (state = { ...pair }),
          clear: () => (state = {}),
        },
        fetch: async (input, init) => {
          const request = input instanceof Request ? input : new Request(input, init);
          if (request.url.endsWith("/client/users/refresh/")) {
            calls.refresh += 1;
            return refresh();
          }
          calls.me += 1;
          return goneUser();
        },
        onSessionExpired: (error) => {
          expired.push(error);
          throw error;
        },
      });
      await expect(
        client.request("me", "GET", "client/users/me/", { schema: UserSchema }),
      ).rejects.toBeInstanceOf(SessionExpiredError);
      expect(expired).toHaveLength(1);
      expect(state).toEqual({});
      expect(calls.refresh).toBe(1);
      expect(calls.me).toBe(refresh === refreshAnswers.refused ? 1 : 2);
    });
  },
);
