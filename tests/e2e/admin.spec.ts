import { jpeg, jpegClaiming, png, pngClaiming } from "../support/images";
import {
  admin,
  backendUrl,
  createResident,
  expect,
  hydrated,
  resident,
  signIn,
  test,
  uniqueEmail,
} from "./fixtures";

const unique = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.describe("administrators: posts", () => {
  // Whole flows of a dozen pages and uploads each: 16–29 s on a quiet machine, so the default 30 s
  // is no margin on a loaded one (CI's first minutes, the browsers of the walks starting beside).
  test.describe.configure({ timeout: 90_000 });
  test("create, edit and delete a post, and see it on the news page", async ({
    page,
    jsEnabled,
  }) => {
    await signIn(page, admin, "/admin/posts");
    // Under load a click during hydration can go unanswered: the flow starts from a page that is React's.
    if (jsEnabled) await hydrated(page);
    await page.getByRole("link", { name: "Новая публикация" }).click();
    await expect(page).toHaveURL("/posts/create");
    const title = unique("Проверка публикации");

    // The form refuses an empty text beside the field.
    await page.locator("form#post-create").evaluate((form) => form.setAttribute("novalidate", ""));
    await page.getByLabel("Заголовок").fill(title);
    await page.getByRole("button", { name: "Опубликовать" }).click();
    await expect(page.getByLabel("Текст")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Заголовок")).toHaveValue(title);

    await page.getByLabel("Текст").fill("Первый абзац.\n\nВторой абзац.");
    await page.getByRole("button", { name: "Опубликовать" }).click();
    await expect(page.getByText(`Публикация «${title}» создана`)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/posts\/\d+\/edit$/);

    await page.goto(`/posts?q=${encodeURIComponent(title)}`);
    await expect(page.locator(".post-card")).toHaveCount(1);
    await page.locator(".post-card__link").click();
    await expect(page.locator(".post__text p")).toHaveCount(2);

    // Edit (PUT of the whole form): a new title, no longer current.
    await page.goto(`/admin/posts?q=${encodeURIComponent(title)}`);
    await page.getByRole("link", { name: `Изменить «${title}»` }).click();
    const edited = `${title} (изменено)`;
    await page.getByLabel("Заголовок").fill(edited);
    await page.getByLabel("Актуально (показывать как действующее объявление)").uncheck();
    await page.getByRole("button", { name: "Сохранить" }).click();
    await expect(page.getByText(`Публикация «${edited}» сохранена`)).toBeVisible();
    await page.goto(`/posts?q=${encodeURIComponent(edited)}&status=archive`);
    await expect(page.locator(".post-card")).toHaveCount(1);

    // Delete: asked first; a post without images is not said to take any with it.
    await page.goto(`/admin/posts?q=${encodeURIComponent(edited)}`);
    if (jsEnabled) await hydrated(page);
    await page.getByRole("link", { name: `Удалить «${edited}»` }).click();
    if (jsEnabled) {
      const dialog = page.getByRole("dialog");
      await expect(
        dialog.getByText("Публикация исчезнет из новостей.", { exact: true }),
      ).toBeVisible();
      await dialog.getByRole("button", { name: "Да, удалить" }).click();
    } else {
      await expect(
        page.getByText("Публикация исчезнет из новостей.", { exact: true }),
      ).toBeVisible();
      await page.getByRole("button", { name: "Да, удалить" }).click();
    }
    await expect(page.getByText(`Публикация «${edited}» удалена`)).toBeVisible();
    await page.goto(`/posts?q=${encodeURIComponent(edited)}`);
    await expect(page.getByText("По вашему запросу ничего не найдено.")).toBeVisible();
  });

  test("a post's Markdown: previewed on the forms with the typed values kept, then rendered safely on the page, in the list and in the feed", async ({
    page,
    request,
    jsEnabled,
  }) => {
    let dialogs = 0;
    page.on("dialog", async (dialog) => {
      dialogs += 1;
      await dialog.dismiss();
    });
    await signIn(page, admin, "/posts/create");
    if (jsEnabled) await hydrated(page);
    const title = unique("Разметка");
    const text = [
      "# Отключение воды",
      "Завтра **без горячей воды**, *с 10:00*.\nВторая строка.",
      "- первый подъезд\n- второй подъезд",
      "[Подробнее](https://example.ru/water) и [не ссылка](javascript:alert(1))",
      "<script>alert(1)</script> ![след](https://example.ru/pixel.png)",
    ].join("\n\n");
    await expect(page.getByText("**жирный**")).toBeVisible();
    await page.getByLabel("Заголовок").fill(title);
    await page.getByLabel("Текст").fill(text);
    await page.getByRole("button", { name: "Предпросмотр" }).click();

    const preview = page.locator(".post-preview");
    await expect(preview.getByRole("heading", { name: "Отключение воды" })).toBeVisible();
    await expect(preview.locator("strong")).toHaveText("без горячей воды");
    await expect(preview.locator("li")).toHaveText(["первый подъезд", "второй подъезд"]);
    await expect(preview).toContainText(title);
    // Nothing published yet, and the form still holds what was typed.
    await expect(page).toHaveURL("/posts/create");
    await expect(page.getByLabel("Заголовок")).toHaveValue(title);
    await expect(page.getByLabel("Текст")).toHaveValue(text);

    await page.getByRole("button", { name: "Опубликовать" }).click();
    await expect(page.getByText(`Публикация «${title}» создана`)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/posts\/\d+\/edit$/);
    const postId = /\/admin\/posts\/(\d+)\/edit/.exec(page.url())![1];

    // The edit form previews a change without saving it.
    if (jsEnabled) await hydrated(page);
    await page.getByLabel("Текст").fill(`${text}\n\n**Добавлено**`);
    await page.getByRole("button", { name: "Предпросмотр" }).click();
    await expect(page.locator(".post-preview strong").last()).toHaveText("Добавлено");
    await expect(page.getByLabel("Текст")).toHaveValue(`${text}\n\n**Добавлено**`);

    await page.goto(`/posts/item/${postId}`);
    const body = page.locator(".post__text");
    await expect(body.getByRole("heading", { level: 2, name: "Отключение воды" })).toBeVisible();
    await expect(body.locator("strong")).toHaveText("без горячей воды");
    await expect(body.locator("em")).toHaveText("с 10:00");
    await expect(body.locator("li")).toHaveCount(2);
    await expect(body.getByRole("link", { name: "Подробнее" })).toHaveAttribute(
      "href",
      "https://example.ru/water",
    );
    await expect(body.getByText("не ссылка")).toBeVisible();
    expect(await body.locator('a[href^="javascript"], script, img').count()).toBe(0);
    await expect(body).toContainText("<script>alert(1)</script>");
    expect(dialogs).toBe(0);

    await page.goto(`/posts?q=${encodeURIComponent(title)}`);
    await expect(page.locator(".post-card__excerpt")).toHaveText(
      /^Отключение воды Завтра без горячей воды, с 10:00\. Вторая строка\. первый подъезд/,
    );

    const feed = await (await request.get("/posts/feed.xml")).text();
    expect(feed).toContain("&lt;strong&gt;без горячей воды&lt;/strong&gt;");
    expect(feed).not.toContain("javascript:");
  });
});

test.describe("administrators: post images", () => {
  // Whole flows of a dozen pages and uploads each: 16–29 s on a quiet machine, so the default 30 s
  // is no margin on a loaded one (CI's first minutes, the browsers of the walks starting beside).
  test.describe.configure({ timeout: 90_000 });
  test("pictures chosen on the create form before a refusal or «Предпросмотр»: kept with JavaScript, named and asked for again without", async ({
    page,
    jsEnabled,
  }) => {
    await signIn(page, admin, "/posts/create");
    if (jsEnabled) await hydrated(page);
    const title = unique("Двор после ремонта");
    const pictures = page.getByLabel("Картинки (можно добавить и позже)");
    const chosenFiles = () =>
      pictures.evaluate((input: HTMLInputElement) =>
        [...(input.files ?? [])].map((file) => file.name),
      );
    const choose = () =>
      pictures.setInputFiles([
        { name: "yard.png", mimeType: "image/png", buffer: png() },
        { name: "bench.jpg", mimeType: "image/jpeg", buffer: jpeg() },
      ]);
    const again = page.getByText(
      "Вы выбрали: yard.png, bench.jpg. Браузер не сохраняет выбранные файлы при отправке формы: выберите их снова перед публикацией.",
    );
    // The form came back: with JavaScript the files never left the field; without, a browser cannot
    // refill a file field, so the page names what was chosen (to a screen reader too) and asks for it again.
    const formCameBack = async () => {
      if (jsEnabled) {
        expect(await chosenFiles()).toEqual(["yard.png", "bench.jpg"]);
        await expect(again).toHaveCount(0);
        return;
      }
      expect(await chosenFiles()).toEqual([]);
      await expect(again).toBeVisible();
      await expect(pictures).toHaveAccessibleDescription(/Вы выбрали: yard\.png, bench\.jpg\./);
      await choose();
    };

    // A refusal (no title).
    await page.getByLabel("Текст").fill("Лавочки **покрашены**.");
    await choose();
    await page.getByRole("button", { name: "Опубликовать" }).click();
    await expect(page.locator(".field__errors").first()).toBeVisible();
    await page.getByLabel("Заголовок").fill(title);
    await formCameBack();

    await page.getByRole("button", { name: "Предпросмотр" }).click();
    await expect(page.locator(".post-preview strong")).toHaveText("покрашены");
    await formCameBack();
    await page.getByRole("button", { name: "Опубликовать" }).click();
    await expect(page.getByText(`Публикация «${title}» создана`)).toBeVisible();
    await expect(page.locator(".image-admin")).toHaveCount(2);
  });

  test("the images list names a page number it could not read, and points to no form it has not", async ({
    page,
  }) => {
    await signIn(page, admin, "/admin/images?page=abc");
    await expect(page.locator(".notice")).toHaveText("Неверные значения не учтены: «Страница».");
  });

  test("upload a PNG and a JPEG, replace one, delete one; refuse text and oversized files", async ({
    page,
  }) => {
    await signIn(page, admin, "/posts/create");
    const title = unique("Фотоотчёт");
    await page.getByLabel("Заголовок").fill(title);
    await page.getByLabel("Текст").fill("Фотографии с места работ.");
    await page.getByRole("button", { name: "Опубликовать" }).click();
    await expect(page).toHaveURL(/\/admin\/posts\/\d+\/edit$/);
    await expect(page.getByText("У публикации пока нет изображений.")).toBeVisible();

    const upload = page.getByLabel("Файлы изображений");
    await upload.setInputFiles([
      { name: "plan.png", mimeType: "image/png", buffer: png() },
      { name: "photo.jpg", mimeType: "image/jpeg", buffer: jpeg() },
    ]);
    await page.getByRole("button", { name: "Загрузить" }).click();
    await expect(page.getByText("Загружено изображений: 2")).toBeVisible();
    await expect(page.locator(".image-admin")).toHaveCount(2);

    // Replace the first one.
    await page.getByLabel("Новый файл для изображения 1").setInputFiles({
      name: "new.png",
      mimeType: "image/png",
      buffer: png(30, 20, [200, 40, 40]),
    });
    await page.locator(".replace-form").first().getByRole("button", { name: "Заменить" }).click();
    await expect(page.getByText("Изображение заменено")).toBeVisible();

    // A text file named .png and a file over 10 MB are refused beside the field.
    await page.getByLabel("Файлы изображений").setInputFiles({
      name: "notes.png",
      mimeType: "image/png",
      buffer: Buffer.from("just some text"),
    });
    await page.getByRole("button", { name: "Загрузить" }).click();
    await expect(page.getByText("Файл «notes.png» — не JPEG, PNG, WebP или GIF")).toBeVisible();
    await expect(page.getByLabel("Файлы изображений")).toHaveAttribute("aria-invalid", "true");

    const big = Buffer.alloc(10 * 1024 * 1024 + 1);
    png().copy(big);
    await page
      .getByLabel("Файлы изображений")
      .setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: big });
    await page.getByRole("button", { name: "Загрузить" }).click();
    await expect(page.getByText(/больше 10 МБ/)).toBeVisible();
    await expect(page.locator(".image-admin")).toHaveCount(2);

    // Delete one.
    await page.getByRole("link", { name: "Удалить изображение 2" }).click();
    const dialog = page.getByRole("dialog");
    if (await dialog.isVisible().catch(() => false))
      await dialog.getByRole("button", { name: "Да, удалить" }).click();
    else await page.getByRole("button", { name: "Да, удалить" }).click();
    await expect(page.getByText("Изображение удалено")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/posts\/\d+\/edit$/);
    await expect(page.locator(".image-admin")).toHaveCount(1);

    // The list of all images shows it with its post, named by its title: on the last page, the newest
    // (a page past the end leads there; other tests' pictures may fill the first pages).
    await page.goto("/admin/images?page=9999");
    await expect(page).toHaveURL(/\/admin\/images(\?page=\d+)?$/);
    const card = page
      .locator(".image-admin")
      .filter({ has: page.getByRole("link", { name: title }) });
    await expect(card).toHaveCount(1);
    await expect(card.locator("img")).toHaveAttribute("alt", new RegExp(title));
    await card.getByRole("link", { name: title }).click();
    await expect(page).toHaveURL(/\/admin\/posts\/\d+\/edit$/);

    // Partly refused: the page that names the refused file says how many went in, not the next one.
    await page.getByLabel("Файлы изображений").setInputFiles([
      { name: "scheme.png", mimeType: "image/png", buffer: png() },
      { name: "list.png", mimeType: "image/png", buffer: Buffer.from("just some text") },
    ]);
    await page.getByRole("button", { name: "Загрузить" }).click();
    await expect(page.getByText("Файл «list.png» — не JPEG, PNG, WebP или GIF")).toBeVisible();
    await expect(page.getByText("Загружено изображений: 1")).toBeVisible();
    await expect(page.locator(".image-admin")).toHaveCount(2);
    await page.goto("/admin/posts");
    await expect(page.getByText("Загружено изображений: 1")).toHaveCount(0);
  });

  test("pictures chosen on the create form: the post is created with the good ones, and the page names the one that failed", async ({
    page,
  }) => {
    await signIn(page, admin, "/posts/create");
    const title = unique("С картинками");
    await page.getByLabel("Заголовок").fill(title);
    await page.getByLabel("Текст").fill("Фотографии с места работ.");
    await page.getByLabel("Картинки (можно добавить и позже)").setInputFiles([
      { name: "plan.png", mimeType: "image/png", buffer: png() },
      { name: "notes.png", mimeType: "image/png", buffer: Buffer.from("just some text") },
      { name: "photo.jpg", mimeType: "image/jpeg", buffer: jpeg() },
    ]);
    await page.getByRole("button", { name: "Опубликовать" }).click();
    await expect(page).toHaveURL(/\/admin\/posts\/\d+\/edit$/);
    await expect(
      page.getByText(
        `Публикация «${title}» создана, но не все картинки загружены: Файл «notes.png» — не JPEG, PNG, WebP или GIF. Добавьте их здесь, в разделе «Изображения публикации».`,
      ),
    ).toBeVisible();
    await expect(page.locator(".image-admin")).toHaveCount(2);

    // All good: the usual word, and the pictures are there.
    await page.goto("/posts/create");
    const second = unique("С картинкой");
    await page.getByLabel("Заголовок").fill(second);
    await page.getByLabel("Текст").fill("Одна фотография.");
    await page
      .getByLabel("Картинки (можно добавить и позже)")
      .setInputFiles({ name: "plan.png", mimeType: "image/png", buffer: png() });
    await page.getByRole("button", { name: "Опубликовать" }).click();
    await expect(page.getByText(`Публикация «${second}» создана`)).toBeVisible();
    await expect(page.locator(".image-admin")).toHaveCount(1);
  });

  test("pictures named as phones and messengers save them (IMG_0412, photo.jpg_large) are published with their post", async ({
    page,
    jsEnabled,
  }) => {
    await signIn(page, admin, "/posts/create");
    if (jsEnabled) await hydrated(page);
    const title = unique("Снимки с телефона");
    await page.getByLabel("Заголовок").fill(title);
    await page.getByLabel("Текст").fill("Фотографии из мессенджера.");
    await page.getByLabel("Картинки (можно добавить и позже)").setInputFiles([
      { name: "IMG_0412", mimeType: "image/jpeg", buffer: jpeg() },
      { name: "photo.jpg_large", mimeType: "image/jpeg", buffer: jpeg() },
    ]);
    await page.getByRole("button", { name: "Опубликовать" }).click();
    await expect(page).toHaveURL(/\/admin\/posts\/\d+\/edit$/);
    await expect(page.getByText(`Публикация «${title}» создана`)).toBeVisible();
    await expect(page.getByText(/не все картинки загружены/)).toHaveCount(0);
    await expect(page.locator(".image-admin")).toHaveCount(2);

    // One more from the edit page's own upload.
    if (jsEnabled) await hydrated(page);
    await page
      .getByLabel("Файлы изображений")
      .setInputFiles({ name: "IMG_0413", mimeType: "image/jpeg", buffer: jpeg() });
    await page.getByRole("button", { name: "Загрузить" }).click();
    await expect(page.getByText("Загружено изображений: 1")).toBeVisible();
    await expect(page.locator(".image-admin")).toHaveCount(3);

    // Residents see the three on the post's page.
    await page.goto(`/posts?q=${encodeURIComponent(title)}`);
    await page.locator(".post-card__link").click();
    const pictures = page.locator(".post__images img");
    await expect(pictures).toHaveCount(3);
    for (const picture of await pictures.all())
      await expect
        .poll(() => picture.evaluate((node: HTMLImageElement) => node.naturalWidth))
        .toBeGreaterThan(0);
  });

  test("refuse images whose header claims more pixels than the limit, beside the field, naming the file and the limit", async ({
    page,
    jsEnabled,
  }) => {
    await signIn(page, admin, "/posts/create");
    await page.getByLabel("Заголовок").fill(unique("Огромные картинки"));
    await page.getByLabel("Текст").fill("Проверка предела пикселей.");
    await page.getByRole("button", { name: "Опубликовать" }).click();
    await expect(page).toHaveURL(/\/admin\/posts\/\d+\/edit$/);
    if (jsEnabled) await hydrated(page);

    // The probe's two: a 45-byte PNG claiming 65535 × 65535 and a small file claiming 30000 × 30000; a normal one beside them.
    const upload = page.getByLabel("Файлы изображений");
    await upload.setInputFiles([
      { name: "bomb.png", mimeType: "image/png", buffer: pngClaiming(65535, 65535) },
      { name: "wide.jpg", mimeType: "image/jpeg", buffer: jpegClaiming(30000, 30000) },
      { name: "plan.png", mimeType: "image/png", buffer: png() },
    ]);
    await page.getByRole("button", { name: "Загрузить" }).click();
    const errors = page.locator("#upload-images-error");
    await expect(errors).toContainText(
      "Изображение «bomb.png» — 65535 × 65535 пикселей, а можно не больше 40 млн пикселей",
    );
    await expect(errors).toContainText(
      "Изображение «wide.jpg» — 30000 × 30000 пикселей, а можно не больше 40 млн пикселей",
    );
    await expect(upload).toHaveAttribute("aria-invalid", "true");
    // Only the normal image reached the backend.
    await expect(page.locator(".image-admin")).toHaveCount(1);

    // Replacing an image with one is refused the same way, and the image stays.
    const before = await page.locator(".image-admin img").getAttribute("src");
    await page.getByLabel("Новый файл для изображения 1").setInputFiles({
      name: "bomb.png",
      mimeType: "image/png",
      buffer: pngClaiming(65535, 65535),
    });
    await page.locator(".replace-form").first().getByRole("button", { name: "Заменить" }).click();
    await expect(page.locator(".replace-form").first()).toContainText(
      "Изображение «bomb.png» — 65535 × 65535 пикселей, а можно не больше 40 млн пикселей",
    );
    await expect(page.getByLabel("Новый файл для изображения 1")).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await expect(page.locator(".image-admin img")).toHaveAttribute("src", before ?? "");
  });

  test("after an empty upload, a later save of the post leaves no word about the upload", async ({
    page,
    jsEnabled,
  }) => {
    await signIn(page, admin, "/posts/create");
    const title = unique("Пустая загрузка");
    await page.getByLabel("Заголовок").fill(title);
    await page.getByLabel("Текст").fill("Проверка сообщения о пустой загрузке.");
    await page.getByRole("button", { name: "Опубликовать" }).click();
    await expect(page).toHaveURL(/\/admin\/posts\/\d+\/edit$/);
    if (jsEnabled) await hydrated(page);

    await page.getByRole("button", { name: "Загрузить" }).click();
    await expect(page.getByText("Выберите хотя бы один файл")).toBeVisible();

    // Saved as it is: the page is the post's again, and the upload has nothing to say.
    await page.getByRole("button", { name: "Сохранить" }).click();
    await expect(page.getByText(`Публикация «${title}» сохранена`)).toBeVisible();
    await expect(page.getByText("Выберите хотя бы один файл")).toHaveCount(0);
    await expect(page.getByLabel("Файлы изображений")).not.toHaveAttribute("aria-invalid", "true");
  });
});

test.describe("administrators: users", () => {
  test("create, find by each filter, demote and delete a user", async ({ page, jsEnabled }) => {
    await signIn(page, admin, "/admin/users/new");
    const email = uniqueEmail("staff");
    const surname = `Проверкин${Date.now().toString(36)}`;
    await page.getByLabel("Электронная почта").fill(email);
    await page.getByLabel("Пароль", { exact: true }).fill("staff-password-1");
    await page.getByLabel("Фамилия").fill(surname);
    await page.getByLabel("Имя", { exact: true }).fill("Глеб");
    await page.getByLabel("Администратор портала").check();
    await page.getByRole("button", { name: "Создать" }).click();
    await expect(page.getByText(`Пользователь ${email} создан`)).toBeVisible();

    await page.goto(`/admin/users?email=${encodeURIComponent(email)}`);
    await expect(page.locator("tbody tr")).toHaveCount(1);
    await page.goto(`/admin/users?name=${encodeURIComponent(surname)}&role=admins`);
    await expect(page.locator("tbody tr")).toHaveCount(1);
    await expect(page.locator("tbody tr")).toContainText("Администратор");
    await page.goto(`/admin/users?name=${encodeURIComponent(surname)}&role=residents`);
    await expect(page.getByText("По вашему запросу ничего не найдено.")).toBeVisible();

    // Demote, without touching the password.
    await page.goto(`/admin/users?email=${encodeURIComponent(email)}`);
    await page.getByRole("link", { name: `Изменить ${email}` }).click();
    await page.getByLabel("Администратор портала").uncheck();
    await page.getByRole("button", { name: "Сохранить" }).click();
    await expect(page.getByText(`Пользователь ${email} сохранён`)).toBeVisible();
    await page.goto(`/admin/users?name=${encodeURIComponent(surname)}&role=residents&sort=newest`);
    await expect(page.locator("tbody tr")).toHaveCount(1);

    // Delete.
    if (jsEnabled) await hydrated(page);
    await page.getByRole("link", { name: `Удалить ${email}` }).click();
    if (jsEnabled)
      await page.getByRole("dialog").getByRole("button", { name: "Да, удалить" }).click();
    else await page.getByRole("button", { name: "Да, удалить" }).click();
    await expect(page.getByText(`Пользователь ${email} удалён`)).toBeVisible();
    await page.goto(`/admin/users?email=${encodeURIComponent(email)}`);
    await expect(page.getByText("По вашему запросу ничего не найдено.")).toBeVisible();
  });

  test("a taken e-mail is refused beside the field", async ({ page }) => {
    await signIn(page, admin, "/admin/users/new");
    await page.getByLabel("Электронная почта").fill(resident.email);
    await page.getByLabel("Пароль", { exact: true }).fill("staff-password-1");
    await page.getByLabel("Фамилия").fill("Дубликатов");
    await page.getByLabel("Имя", { exact: true }).fill("Денис");
    await page.getByRole("button", { name: "Создать" }).click();
    await expect(page.getByLabel("Электронная почта")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Фамилия")).toHaveValue("Дубликатов");
  });

  test("an administrator is not offered to delete themself, and a forced try is refused", async ({
    page,
  }) => {
    await signIn(page, admin, `/admin/users?email=${encodeURIComponent(admin.email)}`);
    await expect(page.locator("tbody tr")).toHaveCount(1);
    await expect(page.getByRole("link", { name: `Удалить ${admin.email}` })).toHaveCount(0);
    const href = await page
      .getByRole("link", { name: `Изменить ${admin.email}` })
      .getAttribute("href");
    const id = href!.split("/")[3];
    // The confirmation page, reached by its address, says why instead of asking.
    await page.goto(`/admin/users/${id}/delete`);
    await expect(
      page.getByRole("heading", { name: "Удалить свою учётную запись нельзя" }),
    ).toBeVisible();
    await expect(page.getByText("Удалить её может только другой администратор.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Да, удалить" })).toHaveCount(0);
    // A forced POST is refused with the same words.
    const response = await page.request.post(`/admin/users/${id}/delete`, { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    await page.goto("/admin/users");
    await expect(
      page.getByText("Свою учётную запись удалить нельзя: попросите другого администратора."),
    ).toBeVisible();
    await page.goto(`/admin/users?email=${encodeURIComponent(admin.email)}`);
    await expect(page.locator("tbody tr")).toHaveCount(1);
  });

  test("an administrator cannot take away their own rights or deactivate themself, even by a forced form", async ({
    page,
    jsEnabled,
  }) => {
    const self = await createAdmin("self-admin");
    await signIn(page, self, `/admin/users/${self.id}/edit`);
    const rights = page.getByLabel("Администратор портала");
    const active = page.getByLabel("Учётная запись активна");
    await expect(rights).toBeChecked();
    await expect(rights).toBeDisabled();
    await expect(active).toBeDisabled();
    await expect(
      page.getByText("Свои права администратора снять нельзя: попросите другого администратора."),
    ).toBeVisible();
    await expect(rights).toHaveAccessibleDescription(
      "Свои права администратора снять нельзя: попросите другого администратора.",
    );

    // Saving the own account keeps the rights.
    await page.getByLabel("Отчество").fill("Петрович");
    await page.getByRole("button", { name: "Сохранить" }).click();
    await expect(page.getByText(`Пользователь ${self.email} сохранён`)).toBeVisible();
    expect((await backendAdminUser(self.id)).is_portal_admin).toBe(true);

    // A form that leaves the flags out (as a crafted one would) is refused beside the fields.
    await page.goto(`/admin/users/${self.id}/edit`);
    // After hydration, and disabled rather than removed: React must find the page it rendered.
    if (jsEnabled) await hydrated(page);
    await page
      .locator('input[type="hidden"][name="is_admin"], input[type="hidden"][name="is_active"]')
      .evaluateAll((inputs) =>
        inputs.forEach((input) => ((input as HTMLInputElement).disabled = true)),
      );
    await page.getByRole("button", { name: "Сохранить" }).click();
    await expect(page.getByRole("checkbox", { name: "Администратор портала" })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await expect(
      page.locator(".field__error").filter({
        hasText: "Свои права администратора снять нельзя: попросите другого администратора.",
      }),
    ).toBeVisible();
    await expect(
      page.locator(".field__error").filter({
        hasText: "Свою учётную запись отключить нельзя: попросите другого администратора.",
      }),
    ).toBeVisible();
    const user = await backendAdminUser(self.id);
    expect(user.is_portal_admin).toBe(true);
    expect(user.is_active).toBe(true);
  });

  test("an administrator whose rights another took away meets the 403 page and a refusal in the form, never a 500", async ({
    page,
    jsEnabled,
  }) => {
    const demoted = await createAdmin("demoted-admin");
    await signIn(page, demoted, `/admin/users/${demoted.id}/edit`);
    await backendAsAdmin(`admin/users/${demoted.id}/`, "PATCH", { is_portal_admin: false });

    // Their token still says administrator; the backend says no: inside the form with JavaScript,
    // and without it on the page the POST renders, whose loader the backend refuses too.
    if (jsEnabled) {
      // The form's code loads at the first touch; a click before it lands is a plain POST (the 403 page).
      await hydrated(page);
      await page.getByLabel("Отчество").focus();
      await page.waitForLoadState("networkidle");
    }
    await page.getByRole("button", { name: "Сохранить" }).click();
    if (jsEnabled)
      await expect(page.getByRole("alert").filter({ hasText: "Недостаточно прав." })).toBeVisible();
    else await expect(page.getByRole("heading", { name: "Доступ запрещён" })).toBeVisible();
    const response = await page.goto("/admin/users");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Доступ запрещён" })).toBeVisible();
    await expect(page.getByText("Что-то пошло не так")).toHaveCount(0);
  });
});

/** A call to the stand-in with the seeded administrator's token. */
async function backendAsAdmin(path: string, method: string, body?: unknown) {
  const api = `${backendUrl()}/api/v1`;
  const login = await fetch(`${api}/client/users/login/`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(admin),
  });
  const { access } = (await login.json()) as { access: string };
  const response = await fetch(`${api}/${path}`, {
    method,
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${access}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
  return (await response.json()) as { id: number; is_portal_admin: boolean; is_active: boolean };
}

const backendAdminUser = (id: number) => backendAsAdmin(`admin/users/${id}/`, "GET");

/** A new administrator of the test's own, so that no test changes the seeded one. */
async function createAdmin(prefix: string) {
  const email = uniqueEmail(prefix);
  const password = "admin-password-1";
  const user = await backendAsAdmin("admin/users/", "POST", {
    email,
    password,
    first_name: "Ольга",
    last_name: "Админова",
    is_portal_admin: true,
    is_active: true,
  });
  return { id: user.id, email, password };
}

test.describe("residents and the admin area", () => {
  const pages = [
    "/admin",
    "/admin/posts",
    "/admin/images",
    "/admin/users",
    "/admin/users/new",
    "/admin/posts/1/edit",
    "/admin/posts/1/delete",
    "/admin/users/1/edit",
    "/posts/create",
  ];

  test("every admin page answers 403 to a resident, in the shell: the menu, the profile, the way out", async ({
    page,
    jsEnabled,
  }) => {
    const user = await createResident("nosy");
    await signIn(page, user);
    for (const path of pages) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(page.getByRole("heading", { name: "Доступ запрещён" })).toBeVisible();
      // The shell as on any page of theirs: signed in as themselves, with the menu to go on from.
      await expect(page.getByRole("group").getByText("Меню профиля"), path).toBeAttached();
      await expect(
        page.locator(".shell__left").getByRole("link", { name: "Новости" }),
        path,
      ).toBeVisible();
    }
    await expect(
      page.locator(".shell__left").getByRole("link", { name: "Администрирование" }),
    ).toHaveCount(0);
    if (jsEnabled) {
      // Hydrated, the refusal keeps its shell, and a link in it leads on by the router.
      await hydrated(page);
      await page.locator(".shell__left").getByRole("link", { name: "Новости" }).click();
      await expect(page).toHaveURL(/\/posts$/);
      await expect(page.getByRole("heading", { level: 1, name: "Новости" })).toBeVisible();
    }
  });

  test("every admin action answers 403 to a resident", { tag: "@server" }, async ({ page }) => {
    const user = await createResident("nosy-post");
    await signIn(page, user);
    const actions = [
      ["/posts/create", { title: "x", text: "y" }],
      ["/admin/posts/1/edit", { intent: "save", title: "x", text: "y" }],
      ["/admin/posts/1/delete", {}],
      ["/admin/images/1/delete", {}],
      ["/admin/users/new", { email: "x@example.org" }],
      ["/admin/users/1/edit", { email: "x@example.org" }],
      ["/admin/users/1/delete", {}],
    ] as const;
    for (const [path, form] of actions) {
      const response = await page.request.post(path, { form: { ...form }, maxRedirects: 0 });
      expect(response.status(), path).toBe(403);
    }
    const upload = await page.request.post("/admin/posts/1/images", {
      multipart: { images: { name: "a.png", mimeType: "image/png", buffer: png() } },
      maxRedirects: 0,
    });
    expect(upload.status()).toBe(403);
    // The post is still there.
    const post = await page.request.get("/posts/item/1");
    expect(post.status()).toBe(200);
  });

  test("an administrator sees the section in the menu", async ({ page }) => {
    await signIn(page, admin, "/");
    await expect(
      page.locator(".shell__left").getByRole("link", { name: "Администрирование" }),
    ).toBeVisible();
  });
});
