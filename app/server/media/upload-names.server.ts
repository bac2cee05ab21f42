/**
 * The name a checked picture is sent to the backend under. A stock Django
 * `ImageField` judges a file by its name's extension (Pillow's registered
 * ones; docs/api-contract.md), while phones and messengers save pictures as
 * `IMG_0412` or `photo.jpg_large`: so the extension follows the type the
 * bytes showed, and the rest of the name stays as the administrator gave it.
 *
 * Appending loses nothing: a dot does not always start an extension
 * (`Отчёт 12.03.2026`, `photo.jpg_large`), so a name is only ever added to.
 * An extension that names another picture type (`photo.png` of JPEG bytes)
 * is replaced instead, since the name would otherwise say two types.
 */
/**
 * Per type the bytes may show (uploads.server.ts): the extension the portal
 * gives, and those it keeps as they are (compared lowercased).
 */
const extensions = {
  "image/jpeg": { given: "jpg", kept: ["jpg", "jpeg"] },
  "image/png": { given: "png", kept: ["png"] },
  "image/webp": { given: "webp", kept: ["webp"] },
  "image/gif": { given: "gif", kept: ["gif"] },
} as const satisfies Record<string, { given: string; kept: readonly string[] }>;
type PictureType = keyof typeof extensions;

/** Extensions that name one of the four types (JPEG's rarer spellings too): replaced, never appended to. */
const pictureExtensions = new Set(["jpg", "jpeg", "jpe", "jfif", "png", "webp", "gif"]);

/** A name given to a file that came without one. */
export const unnamedUpload = "image";

function isPictureType(type: string): type is PictureType {
  return Object.hasOwn(extensions, type);
}

/**
 * `name` with the extension of `type` (the type the bytes showed). Only the
 * last part of a path counts, as on the backend; trailing dots and spaces go
 * (an extension must end the name); a name with nothing before its extension
 * becomes `image`.
 */
export function nameForType(name: string, type: string): string {
  const base = name
    .replace(/^.*[/\\]/, "")
    .trim()
    .replace(/[.\s]+$/, "");
  if (!isPictureType(type)) return base || unnamedUpload;
  const { given, kept }: { given: string; kept: readonly string[] } = extensions[type];
  // As Python's PurePath.suffix reads it: a leading dot starts no extension.
  const dot = base.lastIndexOf(".");
  const stem = dot > 0 ? base.slice(0, dot) : base;
  const extension = dot > 0 ? base.slice(dot + 1).toLowerCase() : "";
  if (kept.includes(extension)) return base;
  if (pictureExtensions.has(extension)) return `${stem}.${given}`;
  // A name that is only an extension (`.jpg`), or nothing at all.
  if (dot === 0 && pictureExtensions.has(base.slice(1).toLowerCase()))
    return `${unnamedUpload}.${given}`;
  return `${base || unnamedUpload}.${given}`;
}
