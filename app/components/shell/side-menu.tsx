/**
 * The left menu. The main index lists the top-level entries this user may
 * see; inside a section it shows that section's entries with «Назад» back to
 * the index. Without JavaScript «Назад» is an in-page link whose :target
 * shows the index; with JavaScript the two panels slide.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";

import { Icon } from "~/components/ui/icon";
import { entryIcon } from "~/components/ui/icon-names";
import { useOptionalUser } from "~/utils/root-data";
import {
  findEntry,
  menuEntries,
  sectionOf,
  siteRoots,
  trailOf,
  type ResolvedEntry,
} from "~/utils/site-map/navigation";

interface SideMenuProps {
  /** Distinguishes the desktop panel from the mobile one (ids must be unique). */
  idPrefix: string;
  /** Called when an entry without children is chosen (closes the mobile menu). */
  onLeafChosen?: () => void;
}

export function SideMenu({ idPrefix, onLeafChosen }: SideMenuProps) {
  const { t } = useTranslation();
  const user = useOptionalUser();
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  const section = sectionOf(pathname, user);
  const [view, setView] = useState<"main" | "section">(section ? "section" : "main");

  // A navigation into (or out of) a section shows that section again. Set while
  // rendering, on a change only: as an effect it also ran once after hydration
  // and undid a «Назад» pressed in that moment.
  const sectionId = section?.id;
  const [shownFor, setShownFor] = useState(sectionId);
  if (shownFor !== sectionId) {
    setShownFor(sectionId);
    setView(sectionId ? "section" : "main");
  }

  const mainId = `${idPrefix}-main`;
  // «Назад» that the browser followed as a plain in-page link (pressed before
  // the page's scripts ran, or while React was still taking the page over) put
  // its :target in the address: the index stays shown, whenever that happened.
  useEffect(() => {
    const follow = () => {
      if (window.location.hash === `#${mainId}`) setView("main");
    };
    follow();
    window.addEventListener("hashchange", follow);
    return () => window.removeEventListener("hashchange", follow);
  }, [mainId]);
  const entries = menuEntries(siteRoots, user);
  const trail = new Set(trailOf(findEntry(pathname)).map((entry) => entry.id));

  const entryLink = (entry: ResolvedEntry) => {
    const hasChildren = menuEntries(entry.children, user).length > 0;
    // The page's own entry and those above it: the site map knows them, so no
    // NavLink has to match its path again (a dozen links on every page).
    const active = trail.has(entry.id);
    return (
      <li key={entry.id}>
        <Link
          to={entry.path}
          className={active ? "menu__link active" : "menu__link"}
          aria-current={active ? "page" : undefined}
          onClick={() => {
            if (!hasChildren) onLeafChosen?.();
          }}
        >
          {entry.icon ? <Icon name={entryIcon(entry.icon)} size="lg" /> : null}
          <span className="menu__text">{t(entry.name)}</span>
          {hasChildren ? <Icon name="chevron-right" className="menu__chevron" /> : null}
        </Link>
      </li>
    );
  };

  return (
    <div
      className={`menu ${section ? "menu--in-section" : ""} ${hydrated ? `menu--js menu--view-${view}` : ""}`}
    >
      <div className="menu__track">
        {/* The main index comes first so that its :target can hide the section after it. */}
        <nav id={mainId} className="menu__panel menu__panel--main" aria-label={t("shell.mainMenu")}>
          <ul className="menu__list">{entries.map(entryLink)}</ul>
        </nav>
        {section ? (
          <nav
            className="menu__panel menu__panel--section"
            aria-label={t("shell.sectionMenu", { name: t(section.name) })}
          >
            <a
              href={`#${mainId}`}
              className="menu__back"
              onClick={(event) => {
                // React calls this only once it has the page, but the render right
                // after hydration still has `hydrated` false: do not wait for it, or a
                // click then follows the in-page link and the index stays hidden.
                event.preventDefault();
                setView("main");
              }}
            >
              <Icon name="arrow-left" />
              {t("shell.back")}
            </a>
            <p className="menu__section-title">
              <Link to={section.path} className="menu__section-link">
                {section.icon ? <Icon name={entryIcon(section.icon)} size="lg" /> : null}
                {t(section.name)}
              </Link>
            </p>
            <ul className="menu__list">{menuEntries(section.children, user).map(entryLink)}</ul>
          </nav>
        ) : null}
      </div>
    </div>
  );
}

/** On the sign-in pages the panel only leads back home. */
export function BackHomePanel() {
  const { t } = useTranslation();
  return (
    <nav className="menu" aria-label={t("shell.mainMenu")}>
      <Link to="/" className="menu__back">
        <Icon name="arrow-left" />
        {t("shell.backHome")}
      </Link>
    </nav>
  );
}
