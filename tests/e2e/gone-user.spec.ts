/**
 * A resident whose account an administrator deletes or deactivates while they
 * are signed in: their access token stays valid for minutes, and the backend
 * refuses it (stock simplejwt: 401 `authentication_failed`, the contract's
 * named code in an entry's detail). The portal ends the session and sends
 * them to sign in with the usual message.
 */
import { admin, backendUrl, createResident, expect, signIn, test } from "./fixtures";

async function adminApi() {
  const api = `${backendUrl()}/api/v1`;
  const login = await fetch(`${api}/client/users/login/`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(admin),
  });
  const { access } = (await login.json()) as { access: string };
  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${api}/${path}`, {
      method,
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${access}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    call,
    async idOf(email: string) {
      const found = await call("GET", `admin/users/?email__icontains=${encodeURIComponent(email)}`);
      return ((await found.json()) as { results: Array<{ id: number }> }).results[0]!.id;
    },
  };
}

const ends = [
  { what: "deletes", method: "DELETE", body: undefined, status: 204 },
  { what: "deactivates", method: "PATCH", body: { is_active: false }, status: 200 },
];

for (const { what, method, body, status } of ends) {
  test(`a resident whose account an administrator ${what} meanwhile is signed out, sent to sign in with the usual message`, async ({
    page,
  }) => {
    const who = await createResident(`gone-${what}`);
    await signIn(page, who, "/profile");
    const summary = page.getByRole("region", { name: "Лицевые счета" });
    await expect(summary).toContainText("Лицевые счета ещё не привязаны");

    const api = await adminApi();
    const id = await api.idOf(who.email);
    expect((await api.call(method, `admin/users/${id}/`, body)).status).toBe(status);

    await summary.getByRole("link", { name: "Привязать лицевой счёт" }).click();
    await expect(page).toHaveURL(`/auth?redirectTo=${encodeURIComponent("/profile/accounts")}`);
    await expect(page.getByText("Сессия истекла. Пожалуйста, войдите снова.")).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Войти" })).toBeVisible();

    // The session is gone, not only this page: the profile asks to sign in again.
    await page.goto("/profile");
    await expect(page).toHaveURL(`/auth?redirectTo=${encodeURIComponent("/profile")}`);
    await expect(page.getByRole("banner").getByRole("link", { name: "Войти" })).toBeVisible();
  });
}
