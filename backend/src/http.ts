/**
 * Request parsing as DRF's default parsers do it: JSON, form-urlencoded and
 * multipart bodies; an empty body is `{}`; anything else is a 415.
 */
import type { Context } from "hono";

import { parseError, unsupportedMediaType } from "./errors.js";
import { UploadedFile } from "./validation.js";

export function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

/** The parsed body: a JSON value, or an object of strings and files for forms. */
export async function readBody(c: Context): Promise<unknown> {
  const buffer = Buffer.from(await c.req.arrayBuffer());
  if (buffer.length === 0) return {};
  const contentType = c.req.header("content-type");
  const mediaType = mediaTypeOf(contentType);
  if (mediaType === "application/json") {
    try {
      return JSON.parse(buffer.toString("utf8")) as unknown;
    } catch (error) {
      throw parseError(
        `JSON parse error - ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  if (mediaType === "application/x-www-form-urlencoded") {
    const data: Record<string, unknown> = {};
    for (const [key, value] of new URLSearchParams(buffer.toString("utf8"))) data[key] = value;
    return data;
  }
  if (mediaType === "multipart/form-data") {
    let form: FormData;
    try {
      form = await new Response(buffer, {
        headers: { "content-type": contentType ?? "" },
      }).formData();
    } catch (error) {
      throw parseError(
        `Multipart form parse error - ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const data: Record<string, unknown> = {};
    for (const [key, value] of form.entries()) {
      data[key] =
        typeof value === "string"
          ? value
          : new UploadedFile(value.name, value.type, Buffer.from(await value.arrayBuffer()));
    }
    return data;
  }
  throw unsupportedMediaType(contentType ?? "");
}

/** The request URL as Django's build_absolute_uri sees it (scheme and Host of the request). */
export function requestUrl(c: Context): URL {
  return new URL(c.req.url);
}

export function queryParams(c: Context): URLSearchParams {
  return requestUrl(c).searchParams;
}

/** An absolute URL of a stored file under /media/. */
export function mediaUrl(c: Context, relativePath: string): string {
  const encoded = relativePath.split("/").map(encodeURIComponent).join("/");
  return `${requestUrl(c).origin}/media/${encoded}`;
}
