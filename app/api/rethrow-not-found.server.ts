import { data } from "react-router";
import { ApiError } from "~/api/errors";
import { foreignText } from "~/i18n/foreign-text";

/** A backend 404 becomes the portal's 404 page; other errors go on. */
export function rethrowNotFound(error: unknown): never {
  if (error instanceof ApiError && error.status === 404) {
    throw data({ message: "not found" }, { status: 404 });
  }
  if (error instanceof ApiError && error.status === 400) {
    // The backend's own words, marked as Russian: the error page renders them with lang="ru".
    throw data({ message: foreignText("ru", error.detail(0)) }, { status: 400 });
  }
  throw error;
}
