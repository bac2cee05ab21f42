/**
 * Image uploads. The request body is parsed as a stream with hard limits
 * (10 MB a file, 10 files, a bounded total), so an oversized request is
 * refused as soon as the limit is crossed instead of being read whole. Each
 * file's type is checked by its first bytes before anything is forwarded.
 */
import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
  type FileUpload,
} from "@remix-run/form-data-parser";

export const maxImageBytes = 10 * 1024 * 1024;
export const maxImagesPerRequest = 10;
/** Forms without files: 100 KB is plenty for any of ours. */
export const maxFormBytes = 100 * 1024;

export type ImageType = "image/jpeg" | "image/png" | "image/webp" | "image/gif";

/** The image type from the file's first bytes, whatever its name or declared type. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (starts(0x47, 0x49, 0x46, 0x38)) return "image/gif";
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) {
    return "image/webp";
  }
  return null;
}

export interface ParsedUpload {
  fields: FormData;
  files: File[];
  /** Problems found by the portal, per file, in Russian. */
  errors: string[];
  /** The whole request broke a limit: nothing was kept. */
  tooLarge: boolean;
}

const messages = {
  badType: (name: string) => `Файл «${name}» — не JPEG, PNG, WebP или GIF`,
  tooBig: "Файл больше 10 МБ: загрузите изображение поменьше",
  tooLarge: "Слишком большой запрос: не больше 10 МБ на файл и не больше 10 файлов за раз",
  unreadable: "Не удалось прочитать отправленные файлы. Попробуйте ещё раз.",
};

export async function parseImageUpload(request: Request, fileField: string): Promise<ParsedUpload> {
  const files: File[] = [];
  const errors: string[] = [];
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  const maxTotal = maxImagesPerRequest * maxImageBytes + 1024 * 1024;
  if (declared > maxTotal) {
    return { fields: new FormData(), files, errors: [messages.tooLarge], tooLarge: true };
  }
  const handler = async (upload: FileUpload) => {
    if (upload.fieldName !== fileField || upload.size === 0) return null;
    const bytes = new Uint8Array(await upload.arrayBuffer());
    const type = sniffImageType(bytes);
    if (!type) {
      errors.push(messages.badType(upload.name));
      return null;
    }
    files.push(new File([bytes], upload.name || "image", { type }));
    return null;
  };
  try {
    const fields = await parseFormData(
      request,
      { maxFileSize: maxImageBytes, maxFiles: maxImagesPerRequest, maxTotalSize: maxTotal, maxParts: 50 },
      handler,
    );
    return { fields, files, errors, tooLarge: false };
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError) return { fields: new FormData(), files: [], errors: [messages.tooBig], tooLarge: true };
    if (error instanceof MaxFilesExceededError || error instanceof MaxTotalSizeExceededError) {
      return { fields: new FormData(), files: [], errors: [messages.tooLarge], tooLarge: true };
    }
    if (error instanceof FormDataParseError) return { fields: new FormData(), files: [], errors: [messages.unreadable], tooLarge: true };
    throw error;
  }
}
