import { describe, expect, it } from "vitest";
import { i18nFor } from "~/middleware/i18n.server";
import { maxImageBytes, parseImageUpload as parseWith, sniffImageType, sniffInlineType } from "./uploads.server";

const { t } = await i18nFor("rus");
const parseImageUpload = (request: Request, field: string) => parseWith(request, field, t);

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0]);
const webp = new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50]);
const gif = new Uint8Array(new TextEncoder().encode("GIF89a......"));

function multipart(files: Array<{ name: string; bytes: Uint8Array<ArrayBuffer> }>, extra: Record<string, string> = {}) {
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
      multipart([
        { name: "a.png", bytes: png },
        { name: "notes.png", bytes: new Uint8Array(new TextEncoder().encode("hello")) },
      ], { intent: "upload" }),
      "images",
    );
    expect(parsed.files.map((file) => [file.name, file.type])).toEqual([["a.png", "image/png"]]);
    expect(parsed.errors).toEqual(["Файл «notes.png» — не JPEG, PNG, WebP или GIF"]);
    expect(parsed.fields.get("intent")).toBe("upload");
    expect(new Uint8Array(await parsed.files[0]!.arrayBuffer())).toEqual(png);
    await parsed.cleanup();
  });

  it("keep each accepted file on disk, not in memory, until cleanup removes it", async () => {
    const parsed = await parseImageUpload(multipart([{ name: "a.png", bytes: png }, { name: "b.gif", bytes: gif }]), "images");
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

  it("refuse a request that declares an impossible size before reading it", async () => {
    const request = new Request("http://portal.test/upload", {
      method: "POST",
      headers: { "Content-Length": String(500 * 1024 * 1024), "Content-Type": "multipart/form-data; boundary=x" },
      body: "--x--",
    });
    const parsed = await parseImageUpload(request, "images");
    expect(parsed.tooLarge).toBe(true);
  });
});

describe("upload messages", () => {
  it("speak the request's language", async () => {
    const english = await i18nFor("en");
    const parsed = await parseWith(multipart([{ name: "notes.png", bytes: new Uint8Array(new TextEncoder().encode("hello")) }]), "images", english.t);
    expect(parsed.errors).toEqual(["“notes.png” is not a JPEG, PNG, WebP or GIF file"]);
    await parsed.cleanup();
  });
});
