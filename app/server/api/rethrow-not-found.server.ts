import { data } from "react-router";

import { ApiError } from "~/utils/api/errors";

/** A backend 404 becomes the portal's 404 page; other errors go on. */
export function rethrowNotFound(error: unknown): never {
  if (error instanceof ApiError && error.status === 404) {
    throw data({ message: "not found" }, { status: 404 });
  }
  throw error;
}
