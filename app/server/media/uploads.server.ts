/**
 * Image uploads. The request body is parsed as a stream with hard limits
 * (10 MB a file, 10 files, a bounded total), so an oversized request is
 * refused as soon as the limit is crossed instead of being read whole. Each
 * file's type is checked by its first bytes, and its pixels by the size its
 * header claims (UPLOAD_MAX_PIXELS): every visitor's browser decodes a post's
 * images, and a 45-byte PNG may claim 65535 × 65535. Then the file goes to a
 * temporary file: a request holds at most the one file being parsed in
 * memory, never all ten, and forwarding streams from disk.
 */
import { openAsBlob } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import {
  FormDataParseError,
  MaxFilesExceededError,
  MaxFileSizeExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
  type FileUpload,
} from "@remix-run/form-data-parser";
import type { TFunction } from "i18next";
import { imageSize } from "image-size";

import { getEnv } from "~/server/config/env.server";
import { checkFormBounds } from "~/server/http/request.server";

import { unnamedUpload } from "./upload-names.server";

export const maxImageBytes = 10 * 1024 * 1024;
export const maxImagesPerRequest = 10;
export type ImageType = "image/jpeg" | "image/png" | "image/webp" | "image/gif";

/** The image type from the file's first bytes, whatever its name or declared type. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const starts = (...signature: number[]) =>
    signature.every((byte, index) => bytes[index] === byte);
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (starts(0x47, 0x49, 0x46, 0x38)) return "image/gif";
  if (
    starts(0x52, 0x49, 0x46, 0x46) &&
    bytes[8] === 0x57 &&
    bytes[9] === 0x45 &&
    bytes[10] === 0x42 &&
    bytes[11] === 0x50
  ) {
    return "image/webp";
  }
  return null;
}

/** What /media may show inline: the four image types and PDF, by their first bytes. */
export function sniffInlineType(bytes: Uint8Array): ImageType | "application/pdf" | null {
  const pdf = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"
  if (pdf.every((byte, index) => bytes[index] === byte)) return "application/pdf";
  return sniffImageType(bytes);
}

/** Enough of a file's start for its size in nearly every image (a JPEG's follows its metadata). */
const headBytes = 256 * 1024;

/** Width and height as the image's header claims them; null when they cannot be read. */
export function imageDimensions(bytes: Uint8Array): { width: number; height: number } | null {
  try {
    const { width, height } = imageSize(bytes);
    return width > 0 && height > 0 ? { width, height } : null;
  } catch {
    return null;
  }
}

/** The claimed size of an upload: from its first bytes, or the whole file when its header runs longer. */
async function uploadDimensions(upload: File) {
  const head = imageDimensions(new Uint8Array(await upload.slice(0, headBytes).arrayBuffer()));
  if (head || upload.size <= headBytes) return head;
  return imageDimensions(new Uint8Array(await upload.arrayBuffer()));
}

export interface UploadLimits {
  /** Width × height an image may claim (UPLOAD_MAX_PIXELS). */
  maxPixels: number;
}

export interface ParsedUpload {
  fields: FormData;
  files: File[];
  /** Problems found by the portal, per file, in Russian. */
  errors: string[];
  /** The whole request broke a limit: nothing was kept. */
  tooLarge: boolean;
  /** Removes the temporary files: call it once the files have been forwarded. */
  cleanup: () => Promise<void>;
}

/**
 * The parser holds the part it is reading in memory (up to 10 MB), so only
 * two uploads are parsed at a time; the others wait with their bodies unread.
 */
const parsing = { running: 0, waiting: [] as Array<() => void> };
async function oneOfTwo<T>(work: () => Promise<T>): Promise<T> {
  if (parsing.running >= 2) await new Promise<void>((resolve) => parsing.waiting.push(resolve));
  parsing.running += 1;
  try {
    return await work();
  } finally {
    parsing.running -= 1;
    parsing.waiting.shift()?.();
  }
}

/** The files of `fileField`, checked; what is wrong is said with `t` (the request's language). */
export function parseImageUpload(
  request: Request,
  fileField: string,
  t: TFunction,
  limits?: UploadLimits,
): Promise<ParsedUpload> {
  return oneOfTwo(() =>
    parseUpload(request, fileField, t, limits ?? { maxPixels: getEnv().UPLOAD_MAX_PIXELS }),
  );
}

async function parseUpload(
  request: Request,
  fileField: string,
  t: TFunction,
  { maxPixels }: UploadLimits,
): Promise<ParsedUpload> {
  const files: File[] = [];
  const errors: string[] = [];
  let dir: string | undefined;
  const cleanup = async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  };
  const refused = async (message: string): Promise<ParsedUpload> => {
    await cleanup();
    return { fields: new FormData(), files: [], errors: [message], tooLarge: true, cleanup };
  };
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  const maxTotal = maxImagesPerRequest * maxImageBytes + 1024 * 1024;
  if (declared > maxTotal) return refused(t("admin:images.bodyTooLarge"));
  const handler = async (upload: FileUpload) => {
    if (upload.fieldName !== fileField || upload.size === 0) return null;
    const type = sniffImageType(new Uint8Array(await upload.slice(0, 16).arrayBuffer()));
    if (!type) {
      errors.push(t("admin:images.badType", { name: upload.name }));
      return null;
    }
    const size = await uploadDimensions(upload);
    if (!size) {
      errors.push(t("admin:images.noDimensions", { name: upload.name }));
      return null;
    }
    if (size.width * size.height > maxPixels) {
      errors.push(
        t("admin:images.tooManyPixels", {
          name: upload.name,
          width: size.width,
          height: size.height,
          limit: maxPixels / 1_000_000,
        }),
      );
      return null;
    }
    dir ??= await mkdtemp(path.join(os.tmpdir(), "portal-upload-"));
    const file = path.join(dir, String(files.length));
    await writeFile(
      file,
      Readable.fromWeb(upload.stream() as import("node:stream/web").ReadableStream<Uint8Array>),
    );
    // A Blob backed by the file on disk: read again only while it is forwarded.
    const blob = await openAsBlob(file, { type });
    files.push(new File([blob], upload.name || unnamedUpload, { type }));
    return null;
  };
  try {
    const fields = await parseFormData(
      request,
      {
        maxFileSize: maxImageBytes,
        maxFiles: maxImagesPerRequest,
        maxTotalSize: maxTotal,
        maxParts: 50,
      },
      handler,
    );
    await checkFormBounds(request, fields);
    return { fields, files, errors, tooLarge: false, cleanup };
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError) return refused(t("admin:images.tooBig"));
    if (error instanceof MaxFilesExceededError || error instanceof MaxTotalSizeExceededError)
      return refused(t("admin:images.bodyTooLarge"));
    if (error instanceof FormDataParseError) return refused(t("admin:images.unreadable"));
    await cleanup();
    throw error;
  }
}
