/** Client API: personal accounts (list with filters and ordering, attach, detach). */
import { beforeAll, describe, expect, test } from "vitest";

import {
  ACCOUNT_KEYS,
  byText,
  createUser,
  DECIMAL,
  expectError,
  expectFieldErrors,
  expectKeys,
  expectPage,
  expectSorted,
  get,
  ISO_TIME,
  post,
  residentToken,
  type Account,
  type Page,
  type TestUser,
} from "./helpers.js";

/**
 * The fixture accounts this suite needs on the server under test (the
 * stand-in's demo data has them, see backend/README.md): 1000000001 and
 * 1000000002 of «Иванов Иван Иванович», and three free ones with their holders.
 */
const FREE: [string, string][] = [
  ["1000000003", "Петров"],
  ["1000000004", "Сидорова"],
  ["1000000005", "Кузнецов"],
];

const list = (token: string, query: Record<string, string | number> = {}) =>
  get<Page<Account>>("client/accounts/", { token, query });
const ids = (page: Page<Account>) => page.results.map((account) => account.id);

describe("GET client/accounts/", () => {
  let owner: TestUser;

  beforeAll(async () => {
    owner = await createUser();
    // Several users may attach the same account: the resident's two as well.
    for (const [id, surname] of [["1000000001", "Иванов"], ["1000000002", "иванов"], ...FREE]) {
      const response = await post<Account>(
        "client/accounts/attach/",
        { id, customer: surname },
        { token: owner.token },
      );
      expect(response.status, response.text).toBe(200);
    }
  });

  test("lists only the caller's accounts, as Accounts, by id", async () => {
    const page = expectPage(await list(owner.token));
    expect(page.count).toBe(5);
    expect(ids(page)).toEqual([
      "1000000001",
      "1000000002",
      "1000000003",
      "1000000004",
      "1000000005",
    ]);
    for (const account of page.results) {
      expectKeys(account, ACCOUNT_KEYS);
      expect(account.id).toMatch(/^\d{10}$/);
      expect(account.balance).toMatch(DECIMAL);
      expect(account.updated_at).toMatch(ISO_TIME);
    }
    const fresh = await createUser();
    expect(expectPage(await list(fresh.token))).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
  });

  test("filters: address__icontains, customer (exact), id (exact), id_starts_with", async () => {
    const all = expectPage(await list(owner.token)).results;
    const first = all[0]!;
    const fragment = first.address.split(",")[1]!.trim().slice(0, 6);
    const byAddress = expectPage(
      await list(owner.token, { address__icontains: fragment.toUpperCase() }),
    );
    expect(ids(byAddress)).toContain(first.id);
    expect(
      byAddress.results.every((account) =>
        account.address.toLowerCase().includes(fragment.toLowerCase()),
      ),
    ).toBe(true);

    const byCustomer = expectPage(await list(owner.token, { customer: "Иванов Иван Иванович" }));
    expect(ids(byCustomer)).toEqual(["1000000001", "1000000002"]);
    expect(expectPage(await list(owner.token, { customer: "Иванов" })).count).toBe(0);

    expect(ids(expectPage(await list(owner.token, { id: "1000000003" })))).toEqual(["1000000003"]);
    expect(expectPage(await list(owner.token, { id: "100000000" })).count).toBe(0);
    expect(ids(expectPage(await list(owner.token, { id_starts_with: "100000000" })))).toHaveLength(
      5,
    );
    expect(ids(expectPage(await list(owner.token, { id_starts_with: "1000000004" })))).toEqual([
      "1000000004",
    ]);
    expect(expectPage(await list(owner.token, { id_starts_with: "2" })).count).toBe(0);
  });

  test("ordering: id, address, customer, balance, ascending and descending; unknown fields ignored", async () => {
    const all = async (query: Record<string, string>) =>
      expectPage(await list(owner.token, { ...query, page_size: 100 })).results;
    expect((await all({ ordering: "-id" })).map((a) => a.id)).toEqual([
      "1000000005",
      "1000000004",
      "1000000003",
      "1000000002",
      "1000000001",
    ]);
    expectSorted(
      (await all({ ordering: "address" })).map((a) => a.address),
      byText,
    );
    expectSorted(
      (await all({ ordering: "-address" })).map((a) => a.address),
      byText,
      true,
    );
    expectSorted(
      (await all({ ordering: "customer" })).map((a) => a.customer),
      byText,
    );
    expectSorted(
      (await all({ ordering: "-customer" })).map((a) => a.customer),
      byText,
      true,
    );
    expectSorted(
      (await all({ ordering: "balance" })).map((a) => Number(a.balance)),
      (a, b) => a - b,
    );
    expectSorted(
      (await all({ ordering: "-balance" })).map((a) => Number(a.balance)),
      (a, b) => a - b,
      true,
    );
    expect((await all({ ordering: "nonsense" })).map((a) => a.id)).toEqual(
      (await all({})).map((a) => a.id),
    );
  });

  test("pagination: pages of page_size, next and previous, 404 past the end", async () => {
    const first = expectPage(await list(owner.token, { page_size: 2 }));
    expect(first.count).toBe(5);
    expect(ids(first)).toEqual(["1000000001", "1000000002"]);
    expect(first.previous).toBeNull();
    const second = expectPage(await get<Page<Account>>(first.next!, { token: owner.token }));
    expect(ids(second)).toEqual(["1000000003", "1000000004"]);
    const third = expectPage(await get<Page<Account>>(second.next!, { token: owner.token }));
    expect(ids(third)).toEqual(["1000000005"]);
    expect(third.next).toBeNull();
    expectError(await list(owner.token, { page_size: 2, page: 4 }), 404, "not_found", null);
  });
});

describe("POST client/accounts/attach/ and detach/", () => {
  test("attach answers the Account; the surname is compared case-insensitively", async () => {
    const user = await createUser();
    const response = await post<Account>(
      "client/accounts/attach/",
      { id: "1000000003", customer: "пЕтРоВ" },
      { token: user.token },
    );
    expect(response.status, response.text).toBe(200);
    expectKeys(response.body, ACCOUNT_KEYS);
    expect(response.body).toMatchObject({ id: "1000000003", customer: "Петров Пётр Петрович" });
    expect(response.body.balance).toMatch(DECIMAL);
  });

  test("attach: not_found, mismatch, already_attached, required", async () => {
    const user = await createUser();
    expectFieldErrors(
      await post(
        "client/accounts/attach/",
        { id: "9999999999", customer: "Петров" },
        { token: user.token },
      ),
      {
        id: "not_found",
      },
    );
    expectFieldErrors(
      await post(
        "client/accounts/attach/",
        { id: "1000000004", customer: "Петров" },
        { token: user.token },
      ),
      {
        customer: "mismatch",
      },
    );
    expect(
      (
        await post(
          "client/accounts/attach/",
          { id: "1000000004", customer: "Сидорова" },
          { token: user.token },
        )
      ).status,
    ).toBe(200);
    expectFieldErrors(
      await post(
        "client/accounts/attach/",
        { id: "1000000004", customer: "Сидорова" },
        { token: user.token },
      ),
      {
        id: "already_attached",
      },
    );
    expectFieldErrors(await post("client/accounts/attach/", {}, { token: user.token }), {
      id: "required",
      customer: "required",
    });
  });

  test("detach answers 204, then the account is gone from the list; detaching again is not_attached", async () => {
    const user = await createUser();
    expect(
      (
        await post(
          "client/accounts/attach/",
          { id: "1000000005", customer: "Кузнецов" },
          { token: user.token },
        )
      ).status,
    ).toBe(200);
    const response = await post(
      "client/accounts/detach/",
      { id: "1000000005" },
      { token: user.token },
    );
    expect(response.status, response.text).toBe(204);
    expect(response.text).toBe("");
    expect(expectPage(await list(user.token)).count).toBe(0);
    expectFieldErrors(
      await post("client/accounts/detach/", { id: "1000000005" }, { token: user.token }),
      { id: "not_attached" },
    );
    expectFieldErrors(await post("client/accounts/detach/", {}, { token: user.token }), {
      id: "required",
    });
  });

  test("detaching one user's account leaves it attached to the others", async () => {
    const user = await createUser();
    expect(
      (
        await post(
          "client/accounts/attach/",
          { id: "1000000001", customer: "Иванов" },
          { token: user.token },
        )
      ).status,
    ).toBe(200);
    expect(
      (await post("client/accounts/detach/", { id: "1000000001" }, { token: user.token })).status,
    ).toBe(204);
    expect(ids(expectPage(await list(await residentToken())))).toContain("1000000001");
  });
});
