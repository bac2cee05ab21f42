/**
 * Uploading and replacing post images: the portal checks every file first
 * (type by its bytes, size while streaming), then forwards the good ones to
 * the backend one by one and collects the backend's own errors.
 */
import { ApiError } from "~/api/errors";
import type { Api } from "~/api/endpoints.server";
import { parseImageUpload } from "./uploads.server";

export interface UploadOutcome {
  uploaded: number;
  errors: string[];
}

export async function uploadPostImages(api: Api, postId: number, request: Request): Promise<UploadOutcome> {
  const parsed = await parseImageUpload(request, "images");
  try {
    if (parsed.tooLarge) return { uploaded: 0, errors: parsed.errors };
    const errors = [...parsed.errors];
    if (parsed.files.length === 0 && errors.length === 0) errors.push("Выберите хотя бы один файл");
    let uploaded = 0;
    for (const file of parsed.files) {
      const form = new FormData();
      form.set("post", String(postId));
      form.set("image", file);
      try {
        await api.admin.images.create(form);
        uploaded += 1;
      } catch (error) {
        if (error instanceof ApiError) errors.push(`«${file.name}»: ${error.errors.map((item) => item.detail).join(" ") || "не принят"}`);
        else throw error;
      }
    }
    return { uploaded, errors };
  } finally {
    await parsed.cleanup();
  }
}

export async function replacePostImage(api: Api, imageId: number, fields: FormData, files: File[]): Promise<string[]> {
  void fields;
  const file = files[0];
  if (!file) return ["Выберите файл"];
  const form = new FormData();
  form.set("image", file);
  try {
    await api.admin.images.patch(imageId, form);
    return [];
  } catch (error) {
    if (error instanceof ApiError) return [error.errors.map((item) => item.detail).join(" ") || "Файл не принят"];
    throw error;
  }
}
