import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
} from "react-router";

import { ErrorPage } from "~/components/error-page";
import { HoneypotProvider } from "~/components/forms/honeypot-context";
import type { RouteHandle } from "~/components/shell/breadcrumbs";
import { Shell } from "~/components/shell/shell";
import { useTheme } from "~/components/shell/theme-switch";
import { ToastHost } from "~/components/shell/toaster";
import { starterScript } from "~/pwa/starter";
import { themeColors } from "~/pwa/web-manifest";
import { shellData } from "~/server/http/shell-data.server";
import { apiMiddleware } from "~/server/middleware/api.server";
import { i18nextMiddleware } from "~/server/middleware/i18n.server";
import { retryAfterMiddleware } from "~/server/middleware/retry-after.server";
import { sessionMiddleware } from "~/server/middleware/session.server";
import { sharedCacheMiddleware } from "~/server/middleware/shared-cache.server";
import { userMiddleware } from "~/server/middleware/user.server";
import { getToast } from "~/server/toasts/toast.server";
import { useNonce } from "~/utils/http/nonce";
import {
  clientLanguages,
  htmlLang,
  isLanguage,
  isRouteNamespace,
  namespaces,
  type Language,
} from "~/utils/i18n/config";
import { localeFileUrl } from "~/utils/i18n/files";
import { useRootData, type RootData } from "~/utils/root-data";

import type { Route } from "./+types/root";
import stylesText from "./styles/app.css?inline";

export const middleware: Route.MiddlewareFunction[] = [
  // First: every answer, a refusal included, is rendered in the request's language.
  i18nextMiddleware,
  // Outside the session's: it sees the answer as sent, a signed-in one already private.
  sharedCacheMiddleware,
  sessionMiddleware,
  userMiddleware,
  apiMiddleware,
  // A refused form's Retry-After, on the page and on its data alike.
  retryAfterMiddleware,
];

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const [shell, { toast, clear }] = await Promise.all([
    shellData(request, context),
    getToast(request),
  ]);
  return data({ ...shell, toast } satisfies RootData, {
    headers: clear ? { "Set-Cookie": clear } : undefined,
  });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const nonce = useNonce();
  const theme = useTheme();
  // Without the root's data (its loader failed) the request's instance still knows the language.
  const { i18n } = useTranslation();
  const lng = root?.locale ?? i18n.language;
  const locale: Language = isLanguage(lng) ? lng : "rus";
  // The page's namespaces: every page's, and those its routes name (app/utils/i18n/route-texts.ts).
  const routeTexts = useMatches().map((match) => (match.handle as RouteHandle | undefined)?.i18n);
  const pageNamespaces = [...namespaces, ...routeTexts.filter(isRouteNamespace)];
  return (
    <html lang={htmlLang[locale]} data-lng={locale} dir="ltr">
      <head>
        {/* The stylesheet in the page itself (docs/decisions/024-stylesheet-in-the-page.md): the
            first paint waits for the HTML alone, not for a second request. As a React style
            resource (href, precedence) it goes out at the top of <head>, and the browser's React
            finds it there by its href: the text is the server's alone, no script carries it. */}
        <style href="app-styles" precedence="default" nonce={nonce}>
          {import.meta.env.SSR ? stylesText : ""}
        </style>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={theme === "dark" ? "dark" : "light"} />
        {/* Installing the portal: the manifest in the page's language, the top bar's colour
            (docs/decisions/016-offline.md). The server's HTML alone: React's hydration leaves
            tags it did not render in <head>, and the first visit's scripts need not carry them. */}
        {import.meta.env.SSR ? (
          <>
            <meta
              name="theme-color"
              content={theme === "dark" ? themeColors.dark : themeColors.light}
            />
            <link rel="manifest" href={`/manifest.webmanifest?lng=${locale}`} />
            <link rel="apple-touch-icon" href="/pwa/apple-touch-icon.png" />
          </>
        ) : null}
        <Meta />
        <Links />
        {/* The browser's i18next needs the page's texts before it hydrates (app/entry.client.tsx):
            fetched beside the scripts, not after them, and after the stylesheet the first paint waits for. */}
        {clientLanguages(locale).flatMap((lng) =>
          pageNamespaces.map((ns) => (
            <link
              key={`${lng}/${ns}`}
              rel="preload"
              as="fetch"
              crossOrigin="anonymous"
              fetchPriority="low"
              href={localeFileUrl(lng, ns)}
            />
          )),
        )}
      </head>
      <body className={theme === "dark" ? "dark" : undefined}>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {/* The service worker, from the second page on (app/pwa/starter.ts). Its text is the
            server's alone: the browser has run it before hydrating, which keeps the server's HTML. */}
        {import.meta.env.PROD ? (
          <script
            nonce={nonce}
            suppressHydrationWarning
            dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? starterScript : "" }}
          />
        ) : null}
      </body>
    </html>
  );
}

/** A marker for tests and the benchmark: the page (an error page too) is hydrated and interactive. */
function useHydratedMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
}

export default function App({ loaderData }: Route.ComponentProps) {
  // Only the browser changes language (the server renders each page in one):
  // i18next loads the new language's files, then every text switches.
  const { i18n } = useTranslation();
  useEffect(() => {
    if (i18n.language !== loaderData.locale) void i18n.changeLanguage(loaderData.locale);
  }, [i18n, loaderData.locale]);
  useHydratedMarker();
  const theme = useTheme();
  return (
    <HoneypotProvider {...loaderData.honeypotInputProps}>
      <Shell toasts={<ToastHost toast={loaderData.toast} theme={theme} />}>
        <Outlet />
      </Shell>
    </HoneypotProvider>
  );
}

/** Errors above every page (the root's own loader or middleware). */
export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRootData();
  useHydratedMarker();
  if (root) {
    return (
      <Shell>
        <ErrorPage error={error} />
      </Shell>
    );
  }
  return (
    <main id="main" className="shell__main shell__main--bare">
      <ErrorPage error={error} />
    </main>
  );
}
