import { describe, expect, it } from "vitest";

import { i18nFor } from "~/server/middleware/i18n.server";

import {
  gif as gifFile,
  jpegClaiming,
  jpegWithMetadata,
  pngClaiming,
  png as pngFile,
} from "../../../tests/support/images";
import {
  imageDimensions,
  maxImageBytes,
  parseImageUpload as parseWith,
  sniffImageType,
  sniffInlineType,
} from "./uploads.server";

const { t } = await i18nFor("rus");
const maxPixels = 40_000_000;
const parseImageUpload = (request: Request, field: string) =>
  parseWith(request, field, t, { maxPixels });

const png = new Uint8Array(pngFile());
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0]);
const webp = new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50]);
const gif = new Uint8Array(gifFile());

function multipart(
  files: Array<{ name: string; bytes: Uint8Array<ArrayBuffer> }>,
  extra: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(extra)) form.set(key, value);
  for (const file of files) form.append("images", new File([file.bytes], file.name));
  return new Request("http://portal.test/upload", { method: "POST", body: form });
}

describe("image uploads", () => {
  it("recognise the four image types by their first bytes", () => {
    expect(sniffImageType(png)).toBe("image/png");
    expect(sniffImageType(jpeg)).toBe("image/jpeg");
    expect(sniffImageType(webp)).toBe("image/webp");
    expect(sniffImageType(gif)).toBe("image/gif");
    expect(sniffImageType(new TextEncoder().encode("just text"))).toBeNull();
  });

  it("let /media show images and PDFs inline, nothing else", () => {
    expect(sniffInlineType(png)).toBe("image/png");
    expect(sniffInlineType(new TextEncoder().encode("%PDF-1.7\n"))).toBe("application/pdf");
    expect(sniffInlineType(new TextEncoder().encode("<!doctype html><script>"))).toBeNull();
    expect(sniffInlineType(new TextEncoder().encode("<svg xmlns="))).toBeNull();
    expect(sniffInlineType(new Uint8Array())).toBeNull();
  });

  it("keep images and name the files that are not images", async () => {
    const parsed = await parseImageUpload(
      multipart(
        [
          { name: "a.png", bytes: png },
          { name: "notes.png", bytes: new Uint8Array(new TextEncoder().encode("hello")) },
        ],
        { intent: "upload" },
      ),
      "images",
    );
    expect(parsed.files.map((file) => [file.name, file.type])).toEqual([["a.png", "image/png"]]);
    expect(parsed.errors).toEqual(["Файл «notes.png» — не JPEG, PNG, WebP или GIF"]);
    expect(parsed.fields.get("intent")).toBe("upload");
    expect(new Uint8Array(await parsed.files[0]!.arrayBuffer())).toEqual(png);
    await parsed.cleanup();
  });

  it("keep each accepted file on disk, not in memory, until cleanup removes it", async () => {
    const parsed = await parseImageUpload(
      multipart([
        { name: "a.png", bytes: png },
        { name: "b.gif", bytes: gif },
      ]),
      "images",
    );
    expect(parsed.files.map((file) => file.type)).toEqual(["image/png", "image/gif"]);
    expect(new Uint8Array(await parsed.files[1]!.arrayBuffer())).toEqual(gif);
    await parsed.cleanup();
    // Read from the temporary file, which is gone now: the bytes were never kept in memory.
    await expect(parsed.files[1]!.arrayBuffer()).rejects.toThrow();
  });

  it("refuse a file over 10 MB while reading it", async () => {
    const big = new Uint8Array(maxImageBytes + 1);
    big.set(png);
    const parsed = await parseImageUpload(multipart([{ name: "big.png", bytes: big }]), "images");
    expect(parsed.tooLarge).toBe(true);
    expect(parsed.files).toEqual([]);
    expect(parsed.errors[0]).toMatch(/10 МБ/);
  });

  it("refuse an image whose header claims more pixels than the limit, naming the file and the limit", async () => {
    const claiming = new Uint8Array(pngClaiming(65535, 65535));
    expect(claiming.length).toBe(45);
    expect(imageDimensions(claiming)).toEqual({ width: 65535, height: 65535 });
    const parsed = await parseImageUpload(
      multipart([
        { name: "bomb.png", bytes: claiming },
        { name: "wide.jpg", bytes: new Uint8Array(jpegClaiming(30000, 30000)) },
        { name: "fine.png", bytes: png },
      ]),
      "images",
    );
    expect(parsed.files.map((file) => file.name)).toEqual(["fine.png"]);
    expect(parsed.errors).toEqual([
      "Изображение «bomb.png» — 65535 × 65535 пикселей, а можно не больше 40 млн пикселей: уменьшите его и загрузите снова",
      "Изображение «wide.jpg» — 30000 × 30000 пикселей, а можно не больше 40 млн пикселей: уменьшите его и загрузите снова",
    ]);
    await parsed.cleanup();
  });

  it("take an image exactly at the limit, and say a fractional limit in the request's language", async () => {
    const exactly = await parseWith(
      multipart([{ name: "a.png", bytes: new Uint8Array(pngClaiming(8000, 5000)) }]),
      "images",
      t,
      { maxPixels },
    );
    expect(exactly.errors).toEqual([]);
    await exactly.cleanup();
    const { t: english } = await i18nFor("en");
    const over = await parseWith(
      multipart([{ name: "a.png", bytes: new Uint8Array(pngClaiming(1000, 1000)) }]),
      "images",
      english,
      { maxPixels: 500_000 },
    );
    expect(over.errors).toEqual([
      "The image “a.png” is 1000 × 1000 pixels, and at most 0.5 million pixels are allowed: make it smaller and upload it again",
    ]);
    const russian = await parseWith(
      multipart([{ name: "a.png", bytes: new Uint8Array(pngClaiming(1000, 1000)) }]),
      "images",
      t,
      { maxPixels: 500_000 },
    );
    expect(russian.errors[0]).toContain("не больше 0,5 млн пикселей");
  });

  it("read a JPEG's size past a camera's long metadata, and refuse one whose size cannot be read", async () => {
    const parsed = await parseImageUpload(
      multipart([
        { name: "camera.jpg", bytes: new Uint8Array(jpegWithMetadata(300_000)) },
        { name: "cut.jpg", bytes: jpeg },
      ]),
      "images",
    );
    expect(parsed.files.map((file) => file.name)).toEqual(["camera.jpg"]);
    expect(parsed.errors).toEqual([
      "Не удалось прочитать размеры изображения «cut.jpg»: файл повреждён или обрезан",
    ]);
    await parsed.cleanup();
  });

  it("refuse a request that declares an impossible size before reading it", async () => {
    const request = new Request("http://portal.test/upload", {
      method: "POST",
      headers: {
        "Content-Length": String(500 * 1024 * 1024),
        "Content-Type": "multipart/form-data; boundary=x",
      },
      body: "--x--",
    });
    const parsed = await parseImageUpload(request, "images");
    expect(parsed.tooLarge).toBe(true);
  });
});

describe("upload messages", () => {
  it("speak the request's language", async () => {
    const english = await i18nFor("en");
    const parsed = await parseWith(
      multipart([{ name: "notes.png", bytes: new Uint8Array(new TextEncoder().encode("hello")) }]),
      "images",
      english.t,
      { maxPixels },
    );
    expect(parsed.errors).toEqual(["“notes.png” is not a JPEG, PNG, WebP or GIF file"]);
    await parsed.cleanup();
  });
});
