import { Fragment, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useMatches } from "react-router";

import type { RouteNamespace } from "~/utils/i18n/config";
import {
  breadcrumbsFor,
  documentDescription,
  documentTitle,
  type Crumb,
} from "~/utils/site-map/navigation";

export interface RouteHandle {
  /** The namespace of this page's own texts, if not every page's (app/utils/i18n/route-texts.ts). */
  i18n?: RouteNamespace;
  /** Values for the placeholders in this page's breadcrumb name (a post's title). */
  crumbParams?: (data: unknown) => Record<string, string>;
  /** This page's own meta description (a post's excerpt), instead of its site-map entry's. */
  description?: (data: unknown) => string | undefined;
  /** The page shows a skeleton of this kind during client navigation. */
  skeleton?: "grid" | "detail";
}

/** The placeholders' values for the current page's names, from its routes' data. */
function usePageParams() {
  const matches = useMatches();
  const params: Record<string, string> = {};
  let description: string | undefined;
  for (const match of matches) {
    const handle = match.handle as RouteHandle | undefined;
    if (match.loaderData === undefined) continue;
    if (handle?.crumbParams) Object.assign(params, handle.crumbParams(match.loaderData));
    if (handle?.description) description = handle.description(match.loaderData) ?? description;
  }
  return { params, description };
}

/** The breadcrumbs of the current page, names filled from the deepest route's data. */
export function useBreadcrumbs(): Crumb[] {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { params } = usePageParams();
  return breadcrumbsFor(
    pathname,
    (key, values) => t(key, { ...values, defaultValue: "" }) as string,
    params,
  );
}

/**
 * The document's title and meta description, in the interface language.
 * React hoists both into <head>, on the server and on every navigation.
 */
export function DocumentTitle({ productName }: { productName: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const crumbs = useBreadcrumbs();
  const { params, description: own } = usePageParams();
  const description = documentDescription(
    pathname,
    (key, values) => t(key, { ...values, defaultValue: "" }) as string,
    params,
    own,
  );
  return (
    <>
      <title>{documentTitle(crumbs, productName)}</title>
      {description ? <meta name="description" content={description} /> : null}
    </>
  );
}

/** How long the trail is, for CSS to collapse it on screens too narrow for it (no JavaScript needed). */
function trailLength(crumbs: Crumb[]) {
  const characters = crumbs.reduce((sum, crumb) => sum + crumb.name.length + 3, 0);
  return characters <= 45
    ? "short"
    : characters <= 80
      ? "medium"
      : characters <= 120
        ? "long"
        : "longest";
}

/**
 * The breadcrumbs (the top bar's, and a phone's row below it). Links are never cut: when
 * the trail does not fit, the middle crumbs fold into «…», a disclosure that
 * still leads to them; the current page's name stays on one line, cut with
 * «…» when even then it does not fit (the page's heading says it). Without
 * JavaScript the trail's length and the screen's width decide (CSS); with it,
 * the trail is measured.
 */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const crumbs = useBreadcrumbs();
  const list = useRef<HTMLOListElement>(null);
  const [fit, setFit] = useState<"all" | "collapsed" | undefined>(undefined);
  const key = crumbs.map((crumb) => crumb.name).join("/");

  useLayoutEffect(() => {
    const element = list.current;
    if (!element || crumbs.length < 3) return;
    const measure = () => {
      // Measured expanded, with the current name on one line: does the whole trail fit?
      element.dataset.fit = "measure";
      const fits = element.scrollWidth <= element.clientWidth + 1;
      element.dataset.fit = fits ? "all" : "collapsed";
      setFit(fits ? "all" : "collapsed");
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element.parentElement ?? element);
    return () => observer.disconnect();
  }, [key, crumbs.length]);

  if (crumbs.length === 0) return null;
  const middle = crumbs.length >= 3 ? crumbs.slice(1, -1) : [];
  return (
    <nav aria-label={t("shell.breadcrumbs")} className="breadcrumbs">
      <ol
        ref={list}
        className="breadcrumbs__trail breadcrumbs__trail--collapsible"
        data-length={trailLength(crumbs)}
        data-fit={fit}
      >
        {crumbs.map((crumb, index) => (
          <Fragment key={`${index}-${crumb.name}`}>
            {index === 1 && middle.length > 0 ? (
              <li className="breadcrumbs__more">
                <details>
                  <summary
                    aria-label={t("shell.breadcrumbsMore")}
                    title={t("shell.breadcrumbsMore")}
                  >
                    …
                  </summary>
                  <ul className="breadcrumbs__more-list">
                    {middle.map((hidden) => (
                      <li key={hidden.name}>
                        {hidden.href ? <Link to={hidden.href}>{hidden.name}</Link> : hidden.name}
                      </li>
                    ))}
                  </ul>
                </details>
              </li>
            ) : null}
            <li
              className={index > 0 && index < crumbs.length - 1 ? "breadcrumbs__middle" : undefined}
            >
              {crumb.href ? (
                <Link to={crumb.href}>{crumb.name}</Link>
              ) : (
                <span aria-current="page">{crumb.name}</span>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
