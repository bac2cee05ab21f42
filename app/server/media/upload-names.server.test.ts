import { describe, expect, it } from "vitest";

import { nameForType } from "./upload-names.server";

describe("the name a picture is sent under", () => {
  it("gets the extension of the type its bytes showed, the name otherwise as given", () => {
    expect(nameForType("IMG_0412", "image/jpeg")).toBe("IMG_0412.jpg");
    expect(nameForType("photo.jpg_large", "image/jpeg")).toBe("photo.jpg_large.jpg");
    expect(nameForType("screenshot", "image/png")).toBe("screenshot.png");
    expect(nameForType("sticker", "image/webp")).toBe("sticker.webp");
    expect(nameForType("animation", "image/gif")).toBe("animation.gif");
    // A dot inside a name starts no extension of a picture: nothing is cut off.
    expect(nameForType("Отчёт 12.03.2026", "image/jpeg")).toBe("Отчёт 12.03.2026.jpg");
    expect(nameForType("IMG_0412.HEIC", "image/jpeg")).toBe("IMG_0412.HEIC.jpg");
  });

  it("keeps an extension that already says the type, in any case", () => {
    expect(nameForType("photo.JPG", "image/jpeg")).toBe("photo.JPG");
    expect(nameForType("photo.jpeg", "image/jpeg")).toBe("photo.jpeg");
    expect(nameForType("plan.png", "image/png")).toBe("plan.png");
    expect(nameForType("Схема двора.PNG", "image/png")).toBe("Схема двора.PNG");
    expect(nameForType("sticker.webp", "image/webp")).toBe("sticker.webp");
    expect(nameForType("x.gif", "image/gif")).toBe("x.gif");
  });

  it("replaces an extension that names another picture type", () => {
    expect(nameForType("photo.png", "image/jpeg")).toBe("photo.jpg");
    expect(nameForType("photo.jfif", "image/jpeg")).toBe("photo.jpg");
    expect(nameForType("photo.jpe", "image/jpeg")).toBe("photo.jpg");
    expect(nameForType("scan.jpg", "image/png")).toBe("scan.png");
    expect(nameForType("sticker.GIF", "image/webp")).toBe("sticker.webp");
    expect(nameForType("my.photo.webp", "image/gif")).toBe("my.photo.gif");
  });

  it("gives a name to a file without one, and an extension to a name that ends in dots", () => {
    expect(nameForType("", "image/jpeg")).toBe("image.jpg");
    expect(nameForType("image", "image/png")).toBe("image.png");
    expect(nameForType(".jpg", "image/jpeg")).toBe("image.jpg");
    expect(nameForType(".png", "image/jpeg")).toBe("image.jpg");
    expect(nameForType("photo.", "image/jpeg")).toBe("photo.jpg");
    expect(nameForType("photo.jpg. ", "image/jpeg")).toBe("photo.jpg");
    expect(nameForType("...", "image/gif")).toBe("image.gif");
    // A name starting with a dot keeps it (that dot starts no extension).
    expect(nameForType(".hidden", "image/png")).toBe(".hidden.png");
  });

  it("keeps only the last part of a path, as the backend does", () => {
    expect(nameForType("C:\\fakepath\\IMG_0412", "image/jpeg")).toBe("IMG_0412.jpg");
    expect(nameForType("photos/plan.png", "image/png")).toBe("plan.png");
  });
});
