import { useTranslation } from "~/i18n/use-translation";
import { Link, useLocation, useMatches } from "react-router";
import { breadcrumbsFor, documentTitle, type Crumb } from "~/utils/site-map";

export interface RouteHandle {
  /** Values for the placeholders in this page's breadcrumb name (a post's title). */
  crumbParams?: (data: unknown) => Record<string, string>;
  /** The page shows a skeleton of this kind during client navigation. */
  skeleton?: "grid" | "detail";
}

/** The breadcrumbs of the current page, names filled from the deepest route's data. */
export function useBreadcrumbs(): Crumb[] {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const matches = useMatches();
  const params: Record<string, string> = {};
  for (const match of matches) {
    const handle = match.handle as RouteHandle | undefined;
    if (handle?.crumbParams && match.loaderData !== undefined) {
      Object.assign(params, handle.crumbParams(match.loaderData));
    }
  }
  return breadcrumbsFor(pathname, (key, values) => t(key, { ...values, defaultValue: "" }) as string, params);
}

export function DocumentTitle({ productName }: { productName: string }) {
  const crumbs = useBreadcrumbs();
  return <title>{documentTitle(crumbs, productName)}</title>;
}

export function Breadcrumbs() {
  const { t } = useTranslation();
  const crumbs = useBreadcrumbs();
  if (crumbs.length === 0) return null;
  return (
    <nav aria-label={t("shell.breadcrumbs")} className="breadcrumbs">
      <ol>
        {crumbs.map((crumb, index) => (
          <li key={`${index}-${crumb.name}`}>
            {crumb.href ? (
              <Link to={crumb.href}>{crumb.name}</Link>
            ) : (
              <span aria-current="page">{crumb.name}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
