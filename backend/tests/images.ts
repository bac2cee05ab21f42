/** Real 1×1 images for the upload tests, and the multipart body they go in. */

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC",
  "base64",
);
/** 1×1 images of the other accepted formats. */
export const JPEG = Buffer.from(
  "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
  "base64",
);
export const GIF = Buffer.from(
  "R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7",
  "base64",
);
export const WEBP = Buffer.from(
  "UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAwA0JaQAA3AA/vuUAAA=",
  "base64",
);
/** A 1×1 BMP: an image, but not one of the accepted formats. */
export const BMP = Buffer.from("Qk0eAAAAAAAAABoAAAAMAAAAAQABAAEAGAAAAP8A", "base64");

/** A multipart body: the fields, and `file` as `image`. */
export function form(
  fields: Record<string, string | number>,
  file?: { bytes: Buffer; name: string; type: string },
): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, String(value));
  if (file)
    data.append("image", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return data;
}
