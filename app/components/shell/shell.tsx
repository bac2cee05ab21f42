import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigation } from "react-router";

import { CardGridSkeleton, DetailSkeleton } from "~/components/ui/skeleton";
import { findEntry, trailOf } from "~/utils/site-map/navigation";

import { Footer } from "./footer";
import { closePhoneMenu, Header } from "./header";
import { BackHomePanel, SideMenu } from "./side-menu";

/** The page frame: top bar, left menu, the page, an optional right panel, footer. */
export function Shell({
  children,
  aside,
  toasts,
}: {
  children: ReactNode;
  aside?: ReactNode;
  toasts?: ReactNode;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const trail = trailOf(findEntry(pathname));
  const hideLeftPanel = trail.some((entry) => entry.hideLeftPanel);
  const hideHeader = trail.some((entry) => entry.hideHeader);
  // A client-side navigation to another page shows that page's skeleton while it loads.
  const target =
    navigation.state === "loading" && navigation.location.pathname !== pathname
      ? navigation.location.pathname
      : null;
  const skeleton = target ? findEntry(target)?.skeleton : undefined;
  return (
    <div className={`shell ${aside ? "shell--with-aside" : ""}`}>
      <a href="#main" className="skip-link">
        {t("shell.skipToContent")}
      </a>
      {hideHeader ? null : <Header />}
      <div className="shell__body">
        {/* Rendered once: the left column on wide screens, the phone menu's panel on narrow ones (header.tsx). */}
        <aside id="site-menu" className="shell__left mobile-menu__panel">
          {hideLeftPanel ? (
            <BackHomePanel />
          ) : (
            <SideMenu idPrefix="side-menu" onLeafChosen={closePhoneMenu} />
          )}
        </aside>
        <main
          id="main"
          className="shell__main"
          tabIndex={-1}
          aria-busy={navigation.state === "loading" || undefined}
        >
          {toasts}
          {skeleton === "grid" ? (
            <CardGridSkeleton />
          ) : skeleton === "detail" ? (
            <DetailSkeleton />
          ) : (
            children
          )}
        </main>
        {aside ? <aside className="shell__right">{aside}</aside> : null}
      </div>
      <Footer />
    </div>
  );
}
