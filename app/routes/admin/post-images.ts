/**
 * The JavaScript upload path: the edit page sends its files here with
 * XMLHttpRequest (for the progress bar) and gets JSON back. Without
 * JavaScript the same files go to the edit page's own action.
 */
import { data } from "react-router";

import { uploadPostImages } from "~/server/media/post-image-uploads.server";
import { requireAdmin } from "~/server/middleware/access.server";
import { getApi } from "~/server/middleware/api.server";
import { getI18n } from "~/server/middleware/i18n.server";

import type { Route } from "./+types/post-images";

export const middleware: Route.MiddlewareFunction[] = [requireAdmin];

export async function action({ request, params, context }: Route.ActionArgs) {
  if (!/^\d{1,12}$/.test(params.postId)) throw data({ message: "not found" }, { status: 404 });
  const outcome = await uploadPostImages(
    getApi(context),
    Number(params.postId),
    request,
    getI18n(context),
  );
  return Response.json(outcome, {
    status: outcome.uploaded === 0 && outcome.errors.length > 0 ? 400 : 200,
  });
}
