/**
 * Every page's layout: its boundary renders a page's error (a 404, a backend
 * failure) inside the shell, which the root keeps drawing. Who may open a
 * page is the page's own middleware (app/server/middleware/access.server.ts).
 */
import { Outlet } from "react-router";

import { RouteErrorBoundary } from "~/components/error-page";

export default function PagesLayout() {
  return <Outlet />;
}

export const ErrorBoundary = RouteErrorBoundary;
