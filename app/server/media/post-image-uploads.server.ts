/**
 * Uploading and replacing post images: the portal checks every file first
 * (type by its bytes, size while streaming), then forwards the good ones to
 * the backend one by one, each under a name whose extension says its type
 * (upload-names.server.ts), and collects the backend's refusals, in the
 * page's language (app/server/api/refusal-texts.server.ts).
 */
import type { i18n as I18n } from "i18next";

import type { Api } from "~/server/api/endpoints.server";
import { refusalTexts, type RefusalTexts } from "~/server/api/refusal-texts.server";
import { ApiError } from "~/utils/api/errors";
import { isForeignText } from "~/utils/i18n/foreign-text";

import { nameForType } from "./upload-names.server";
import { parseImageUpload } from "./uploads.server";

export interface UploadOutcome {
  uploaded: number;
  errors: string[];
}

/**
 * Refusals the portal words itself in every language, Russian too: a refused
 * extension is one the portal chose (upload-names.server.ts), and Django's
 * sentence names it beside some 70 others the administrator cannot act on.
 */
const ownWording = new Set(["invalid_extension"]);

/**
 * The backend's refusal of one image: `sentence(reason)` with the reasons the
 * portal can say, then each text it cannot (a Russian detail, marked as such,
 * which cannot sit inside a sentence of another language) on its own.
 */
function imageRefusal(
  error: ApiError,
  i18n: I18n,
  refusals: RefusalTexts,
  sentence: (reason: string) => string,
  noReason: string,
): string[] {
  const texts = error.errors.map((item) =>
    ownWording.has(item.code) ? i18n.t(`backend:${item.code}`) : refusals.text(item),
  );
  const foreign = texts.filter(isForeignText);
  const reason = texts.filter((text) => !isForeignText(text)).join(" ");
  return [sentence(reason || noReason), ...foreign];
}

export async function uploadPostImages(
  api: Api,
  postId: number,
  request: Request,
  i18n: I18n,
): Promise<UploadOutcome> {
  const { t } = i18n;
  const parsed = await parseImageUpload(request, "images", t);
  try {
    if (parsed.tooLarge) return { uploaded: 0, errors: parsed.errors };
    const errors = [...parsed.errors];
    if (parsed.files.length === 0 && errors.length === 0) errors.push(t("admin:images.noFile"));
    const outcome = await forwardImages(api, postId, parsed.files, i18n);
    return { uploaded: outcome.uploaded, errors: [...errors, ...outcome.errors] };
  } finally {
    await parsed.cleanup();
  }
}

/** Checked files to the backend, one by one: how many it took, and which it refused and why. */
export async function forwardImages(
  api: Api,
  postId: number,
  files: File[],
  i18n: I18n,
): Promise<UploadOutcome> {
  const { t } = i18n;
  const refusals = refusalTexts(i18n);
  const errors: string[] = [];
  let uploaded = 0;
  for (const file of files) {
    const form = new FormData();
    form.set("post", String(postId));
    form.set("image", file, nameForType(file.name, file.type));
    try {
      await api.admin.images.create(form);
      uploaded += 1;
    } catch (error) {
      if (error instanceof ApiError)
        errors.push(
          ...imageRefusal(
            error,
            i18n,
            refusals,
            (reason) => t("admin:images.fileRejected", { name: file.name, reason }),
            t("admin:images.rejected"),
          ),
        );
      else throw error;
    }
  }
  return { uploaded, errors };
}

export async function replacePostImage(
  api: Api,
  imageId: number,
  files: File[],
  i18n: I18n,
): Promise<string[]> {
  const { t } = i18n;
  const file = files[0];
  if (!file) return [t("admin:images.chooseFile")];
  const form = new FormData();
  form.set("image", file, nameForType(file.name, file.type));
  try {
    await api.admin.images.patch(imageId, form);
    return [];
  } catch (error) {
    if (error instanceof ApiError)
      return imageRefusal(
        error,
        i18n,
        refusalTexts(i18n),
        (reason) => reason,
        t("admin:images.imageRejected"),
      );
    throw error;
  }
}
