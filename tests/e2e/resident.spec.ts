import { createResident, expect, hydrated, resident, signIn, test } from "./fixtures";

test.describe("the profile", () => {
  test("shows the resident's data from the backend", async ({ page }) => {
    await signIn(page, resident);
    await expect(page.locator(".profile-summary")).toContainText("Иванов Иван Иванович");
    await expect(page.locator(".profile-summary")).toContainText(resident.email);
  });

  test("sums up the resident's accounts, with the way to them and to payment", async ({ page }) => {
    await signIn(page, resident);
    const summary = page.getByRole("region", { name: "Лицевые счета" });
    await expect(summary.getByRole("definition").first()).toHaveText("2");
    await expect(summary).toContainText(/К оплате всего\s*[\d\u00a0\u202f ]+,\d\d\u00a0₽/);
    await expect(summary).toContainText(/Последнее обновление\s*\d{1,2} [а-я]+ \d{4}/);
    await summary.getByRole("link", { name: "Оплатить" }).click();
    await expect(page).toHaveURL("/profile/altpayment");
    await page.goBack();
    await page
      .getByRole("region", { name: "Лицевые счета" })
      .getByRole("link", { name: "Открыть лицевые счета" })
      .click();
    await expect(page).toHaveURL("/profile/accounts");
    await expect(page.locator(".account-card")).toHaveCount(2);
  });

  test("a resident without accounts is told how to attach one", async ({ page }) => {
    await signIn(page, await createResident("noaccounts"));
    const summary = page.getByRole("region", { name: "Лицевые счета" });
    await expect(summary).toContainText("Лицевые счета ещё не привязаны");
    await expect(summary.getByRole("link", { name: "Оплатить" })).toHaveCount(0);
    await summary.getByRole("link", { name: "Привязать лицевой счёт" }).click();
    await expect(page).toHaveURL("/profile/accounts");
  });

  test("changes names and phone; the top bar follows at once", async ({ page }) => {
    const user = await createResident("profile");
    await signIn(page, user);
    const form = page.locator("form#profile-data");
    await form.getByLabel("Имя", { exact: true }).fill("Светлана");
    await form.getByLabel("Отчество (если есть)").fill("Петровна");
    await form.getByLabel("Телефон (необязательно)").fill("8 914 222-33-44");
    await form.getByRole("button", { name: "Сохранить" }).click();
    await expect(page.getByText("Данные профиля сохранены")).toBeVisible();
    await expect(page.locator(".profile-summary")).toContainText("Тестова Светлана Петровна");
    await expect(page.locator(".profile-summary")).toContainText("+7 (914) 222-33-44");
    await expect(page.locator(".profile-menu > summary")).toContainText("Светлана");
  });

  test("refuses bad names and phones beside the fields, keeping what was typed", async ({
    page,
  }) => {
    const user = await createResident("profilebad");
    await signIn(page, user);
    const form = page.locator("form#profile-data");
    await form.evaluate((element) => element.setAttribute("novalidate", ""));
    await form.getByLabel("Фамилия").fill("Я");
    await form.getByLabel("Телефон (необязательно)").fill("123");
    await form.getByRole("button", { name: "Сохранить" }).click();
    await expect(
      form.locator(".field__errors").getByText("Минимальное кол-во символов: 2"),
    ).toBeVisible();
    await expect(
      form.locator(".field__errors").getByText("Номер должен состоять из 11 цифр"),
    ).toBeVisible();
    await expect(form.getByLabel("Фамилия")).toHaveValue("Я");
    // The page's own address, not /profile?index.
    await expect(page).toHaveURL("/profile");
  });

  test("refuses a name holding a terminal escape or showing reversed, beside the field, keeping what was typed", async ({
    page,
  }) => {
    const user = await createResident("profilehidden");
    await signIn(page, user);
    const form = page.locator("form#profile-data");
    const lastName = form.getByLabel("Фамилия");
    const firstName = form.getByLabel("Имя", { exact: true });
    const reversed = "\u202EавоноротСА";
    await lastName.fill(reversed);
    await firstName.fill("Мария\x1b[2J");
    await form.getByRole("button", { name: "Сохранить" }).click();
    const message =
      "Уберите управляющие и невидимые символы: они могли попасть сюда при копировании";
    await expect(lastName).toHaveAccessibleDescription(message);
    await expect(firstName).toHaveAccessibleDescription(message);
    await expect(lastName).toHaveValue(reversed);
    await expect(page.getByText("Данные профиля сохранены")).toHaveCount(0);
    // Nothing reached the backend: the summary still shows the stored name.
    await page.goto("/profile");
    await expect(page.locator(".profile-summary")).toContainText("Тестова Мария");
  });

  test("changes the password, which then signs in", async ({ page }) => {
    const user = await createResident("password");
    await signIn(page, user);
    const form = page.locator("form#profile-password");
    await form.getByLabel("Текущий пароль").fill("not-the-password");
    await form.getByLabel("Новый пароль").fill("brand-new-password");
    await form.getByLabel("Повторите пароль").fill("brand-new-password");
    await form.getByRole("button", { name: "Сменить пароль" }).click();
    await expect(form.locator(".field__errors")).toBeVisible();
    await expect(form.getByLabel("Текущий пароль")).toHaveValue("");

    await form.getByLabel("Текущий пароль").fill(user.password);
    await form.getByLabel("Новый пароль").fill("brand-new-password");
    await form.getByLabel("Повторите пароль").fill("brand-new-password");
    await form.getByRole("button", { name: "Сменить пароль" }).click();
    await expect(page.getByText("Пароль изменён")).toBeVisible();

    await page.locator(".profile-menu > summary").click();
    await page.getByRole("button", { name: "Выйти" }).click();
    await expect(page.getByRole("banner").getByRole("link", { name: "Войти" })).toBeVisible();
    await signIn(page, { email: user.email, password: "brand-new-password" });
    await expect(page).toHaveURL("/profile");
  });
});

test.describe("personal accounts", () => {
  test("lists the attached accounts with balances, filters and sorting", async ({ page }) => {
    await signIn(page, resident, "/profile/accounts");
    const cards = page.locator(".account-card");
    await expect(cards).toHaveCount(2);
    await expect(cards.first()).toContainText("1000000001");
    await expect(page.locator(".balance--due, .balance--prepaid")).toHaveCount(2);
    await page.getByLabel("Номер начинается с").fill("1000000002");
    await page.getByRole("button", { name: "Показать" }).click();
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText("1000000002");
    await page.goto("/profile/accounts?address=нет-такого-адреса");
    await expect(page.getByText("По вашему запросу ничего не найдено.")).toBeVisible();
  });

  test("a number filter that is not a number is explained beside the field and kept to be corrected", async ({
    page,
  }) => {
    await signIn(page, resident);
    await page.goto("/profile/accounts");
    const filter = page.getByRole("form", { name: "Фильтры" }).getByLabel("Номер начинается с");
    await filter.fill("10000-01");
    await page.getByRole("button", { name: "Показать" }).click();
    await expect(page).toHaveURL(/number=10000-01/);
    await expect(filter).toHaveValue("10000-01");
    await expect(filter).toHaveAttribute("aria-invalid", "true");
    await expect(filter).toHaveAccessibleDescription(
      "Только цифры: номер лицевого счёта состоит из цифр.",
    );
    await expect(
      page.getByText("Неверные значения не учтены: «Номер начинается с»."),
    ).toBeVisible();
    await expect(page.getByText(/number/)).toHaveCount(0);
    await filter.fill("10000");
    await page.getByRole("button", { name: "Показать" }).click();
    await expect(filter).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.locator(".account-card")).toHaveCount(2);
  });

  test("attaching: a wrong number and a wrong surname read alike, then rightly, then already attached", async ({
    page,
  }) => {
    const user = await createResident("attach");
    await signIn(page, user, "/profile/accounts");
    await expect(page.getByText("У вас пока нет привязанных лицевых счетов.")).toBeVisible();
    const form = page.locator("form#attach-account");
    const number = form.getByLabel("Номер лицевого счёта");
    const surname = form.getByLabel("Фамилия владельца");
    const notFound =
      "Лицевой счёт с таким номером и фамилией не найден. Проверьте номер и фамилию владельца.";

    // No such number, then a real number with someone else's surname: the same words, no field singled out.
    const said: string[] = [];
    for (const [id, customer] of [
      ["1999999999", "Петров"],
      ["1000000003", "Сидоров"],
    ] as const) {
      await number.fill(id);
      await surname.fill(customer);
      await form.getByRole("button", { name: "Привязать" }).click();
      await expect(form.locator(".form-error")).toHaveText(notFound);
      said.push(await form.innerText());
      await expect(number).not.toHaveAttribute("aria-invalid", "true");
      await expect(surname).not.toHaveAttribute("aria-invalid", "true");
      await expect(form.locator(".field__errors")).toHaveCount(0);
      await expect(number).toHaveValue(id);
      await expect(surname).toHaveValue(customer);
    }
    expect(said[0]).toBe(said[1]);

    await number.fill("1000000003");
    await surname.fill("петров");
    await form.getByRole("button", { name: "Привязать" }).click();
    await expect(page.getByText("Лицевой счёт 1000000003 привязан")).toBeVisible();
    await expect(page.locator(".account-card")).toHaveCount(1);

    await number.fill("1000000003");
    await surname.fill("Петров");
    await form.getByRole("button", { name: "Привязать" }).click();
    await expect(number).toHaveAttribute("aria-invalid", "true");
  });

  test("detaching asks first, then says it is done", async ({ page, jsEnabled }) => {
    const user = await createResident("detach");
    await signIn(page, user, "/profile/accounts");
    const form = page.locator("form#attach-account");
    await form.getByLabel("Номер лицевого счёта").fill("1000000004");
    await form.getByLabel("Фамилия владельца").fill("Сидорова");
    await form.getByRole("button", { name: "Привязать" }).click();
    await expect(page.locator(".account-card")).toHaveCount(1);

    if (jsEnabled) await hydrated(page);
    await page.getByRole("link", { name: "Отвязать лицевой счёт 1000000004" }).click();
    if (jsEnabled) {
      const dialog = page.getByRole("dialog", { name: "Отвязать лицевой счёт 1000000004?" });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: "Да, отвязать" }).click();
    } else {
      await expect(page).toHaveURL("/profile/accounts/1000000004/detach");
      await expect(
        page.getByRole("heading", { name: "Отвязать лицевой счёт 1000000004?" }),
      ).toBeVisible();
      await page.getByRole("button", { name: "Да, отвязать" }).click();
    }
    await expect(page).toHaveURL("/profile/accounts");
    await expect(page.getByText("Лицевой счёт 1000000004 отвязан")).toBeVisible();
    await expect(page.locator(".account-card")).toHaveCount(0);
  });
});

test.describe("alternative payment", () => {
  test("explains the service, lists the accounts and opens the payment site in a new tab", async ({
    page,
  }) => {
    await signIn(page, resident, "/profile/altpayment");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Альтернативная оплата");
    await expect(page.locator(".account-card")).toHaveCount(2);
    await expect(page.locator(".benefit")).toHaveCount(9);
    const go = page.getByRole("link", { name: "Перейти (откроется в новой вкладке)" });
    await expect(go).toHaveAttribute("target", "_blank");
    await expect(go).toHaveAttribute("rel", "noopener noreferrer");
  });
});
