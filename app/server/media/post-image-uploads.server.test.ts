import { describe, expect, it } from "vitest";

import type { Api } from "~/server/api/endpoints.server";
import { i18nFor } from "~/server/middleware/i18n.server";
import { ApiError } from "~/utils/api/errors";

import { jpeg } from "../../../tests/support/images";
import { forwardImages, replacePostImage } from "./post-image-uploads.server";

/** Django's refusal of a name's extension (FileExtensionValidator), as drf-standardized-errors sends it. */
const invalidExtension = (extension: string) =>
  new ApiError(
    400,
    {
      type: "validation_error",
      errors: [
        {
          code: "invalid_extension",
          detail: `Расширение файлов “${extension}” не поддерживается. Разрешенные расширения: bmp, dib, gif, tif, tiff, jfif, jpe, jpg, jpeg.`,
          attr: "image",
        },
      ],
    },
    "adminPostsImagesCreate",
  );

/** A backend that keeps the names it was sent and refuses those `refuse` says. */
function fakeBackend(refuse: (name: string) => boolean = () => false) {
  const names: string[] = [];
  const take = (form: FormData) => {
    const file = form.get("image") as File;
    names.push(file.name);
    if (refuse(file.name)) throw invalidExtension(file.name.split(".").pop() ?? "");
    return Promise.resolve({ id: 1, image: `http://backend.test/media/${file.name}`, post: 1 });
  };
  const api = {
    admin: { images: { create: take, patch: (_id: number, form: FormData) => take(form) } },
  } as unknown as Api;
  return { api, names };
}

const picture = (name: string) => new File([jpeg()], name, { type: "image/jpeg" });

describe("pictures sent to the backend", () => {
  it("go under a name whose extension follows their bytes, the administrator's name kept in what the page says", async () => {
    const backend = fakeBackend((name) => name.endsWith(".webp"));
    const i18n = await i18nFor("rus");
    const outcome = await forwardImages(
      backend.api,
      1,
      [picture("IMG_0412"), picture("photo.jpg_large"), picture("photo.JPG")],
      i18n,
    );
    expect(backend.names).toEqual(["IMG_0412.jpg", "photo.jpg_large.jpg", "photo.JPG"]);
    expect(outcome).toEqual({ uploaded: 3, errors: [] });

    await replacePostImage(backend.api, 1, [picture("IMG_0413")], i18n);
    expect(backend.names.at(-1)).toBe("IMG_0413.jpg");
  });

  it.each([
    [
      "rus",
      "«sticker»: Сервер не принимает изображения этого типа. Сохраните его как JPEG или PNG и загрузите снова.",
      "Сервер не принимает изображения этого типа. Сохраните его как JPEG или PNG и загрузите снова.",
    ],
    [
      "en",
      "“sticker”: The server does not accept pictures of this type. Save it as a JPEG or PNG and upload it again.",
      "The server does not accept pictures of this type. Save it as a JPEG or PNG and upload it again.",
    ],
    [
      "ykt",
      "«sticker»: Сиэрбэр маннык көрүҥнээх ойууну ылбат. JPEG эбэтэр PNG быһыытынан харайан баран, хат хачайдааҥ.",
      "Сиэрбэр маннык көрүҥнээх ойууну ылбат. JPEG эбэтэр PNG быһыытынан харайан баран, хат хачайдааҥ.",
    ],
  ] as const)(
    "a refused extension is said in the portal's own words (%s), never Django's list",
    async (language, uploadError, replaceError) => {
      const backend = fakeBackend(() => true);
      const i18n = await i18nFor(language);
      const sticker = new File([new Uint8Array([0x52, 0x49, 0x46, 0x46])], "sticker", {
        type: "image/webp",
      });
      const outcome = await forwardImages(backend.api, 1, [sticker], i18n);
      expect(backend.names).toEqual(["sticker.webp"]);
      expect(outcome).toEqual({ uploaded: 0, errors: [uploadError] });
      expect(await replacePostImage(backend.api, 1, [sticker], i18n)).toEqual([replaceError]);
    },
  );
});
