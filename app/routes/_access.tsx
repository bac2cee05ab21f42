import { Outlet } from "react-router";

import { RouteErrorBoundary } from "~/components/error-page";
import { accessMiddleware } from "~/server/middleware/access.server";

import type { Route } from "./+types/_access";

export const middleware: Route.MiddlewareFunction[] = [accessMiddleware];

export default function AccessLayout() {
  return <Outlet />;
}

export const ErrorBoundary = RouteErrorBoundary;
