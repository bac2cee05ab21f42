import { data } from "react-router";

import { requireSectionAccess } from "~/server/middleware/access.server";

import type { Route } from "./+types/not-found";

export const middleware: Route.MiddlewareFunction[] = [requireSectionAccess];

/** Any path no page claims: the 404 page, inside the shell. */
export function loader() {
  throw data({ message: "not found" }, { status: 404 });
}

export function action() {
  throw data({ message: "not found" }, { status: 404 });
}

export default function NotFound() {
  return null;
}
