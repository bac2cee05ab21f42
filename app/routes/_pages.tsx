/**
 * Every page's layout: it names the document, and its boundary renders a
 * page's error (a 404, a backend failure) inside the shell, which the root
 * keeps drawing. Who may open a
 * page is the page's own middleware (app/server/middleware/access.server.ts).
 */
import { Outlet } from "react-router";

import { RouteErrorBoundary } from "~/components/error-page";
import { DocumentTitle } from "~/components/shell/breadcrumbs";
import { useRootData } from "~/utils/root-data";

/** A page's title comes from the site map; an error page's (the boundary) from the error. */
export default function PagesLayout() {
  const root = useRootData();
  return (
    <>
      {root ? <DocumentTitle productName={root.config.productName} /> : null}
      <Outlet />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
