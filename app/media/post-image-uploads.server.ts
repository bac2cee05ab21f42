/**
 * Uploading and replacing post images: the portal checks every file first
 * (type by its bytes, size while streaming), then forwards the good ones to
 * the backend one by one and collects the backend's own errors.
 */
import type { TFunction } from "i18next";
import { ApiError } from "~/api/errors";
import type { Api } from "~/api/endpoints.server";
import { parseImageUpload } from "./uploads.server";

export interface UploadOutcome {
  uploaded: number;
  errors: string[];
}

export async function uploadPostImages(api: Api, postId: number, request: Request, t: TFunction): Promise<UploadOutcome> {
  const parsed = await parseImageUpload(request, "images", t);
  try {
    if (parsed.tooLarge) return { uploaded: 0, errors: parsed.errors };
    const errors = [...parsed.errors];
    if (parsed.files.length === 0 && errors.length === 0) errors.push(t("admin.images.noFile"));
    let uploaded = 0;
    for (const file of parsed.files) {
      const form = new FormData();
      form.set("post", String(postId));
      form.set("image", file);
      try {
        await api.admin.images.create(form);
        uploaded += 1;
      } catch (error) {
        if (error instanceof ApiError) errors.push(t("admin.images.fileRejected", { name: file.name, reason: error.errors.map((item) => item.detail).join(" ") || t("admin.images.rejected") }));
        else throw error;
      }
    }
    return { uploaded, errors };
  } finally {
    await parsed.cleanup();
  }
}

export async function replacePostImage(api: Api, imageId: number, files: File[], t: TFunction): Promise<string[]> {
  const file = files[0];
  if (!file) return [t("admin.images.chooseFile")];
  const form = new FormData();
  form.set("image", file);
  try {
    await api.admin.images.patch(imageId, form);
    return [];
  } catch (error) {
    if (error instanceof ApiError) return [error.errors.map((item) => item.detail).join(" ") || t("admin.images.imageRejected")];
    throw error;
  }
}
