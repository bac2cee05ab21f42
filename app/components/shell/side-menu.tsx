/**
 * The left menu. The main index lists the top-level entries this user may
 * see; inside a section it shows that section's entries with «Назад» back to
 * the index. Without JavaScript «Назад» is an in-page link whose :target
 * shows the index; with JavaScript the two panels slide.
 */
import { useCallback, useEffect, useState } from "react";
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
  type SessionUserLike,
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
  const mainId = `${idPrefix}-main`;
  const [view, setView, sliding] = useMenuView(section?.id, mainId);
  const links: EntryLinks = {
    user,
    trail: new Set(trailOf(findEntry(pathname)).map((entry) => entry.id)),
    onLeafChosen,
  };

  return (
    <div
      className={`menu ${section ? "menu--in-section" : ""} ${hydrated ? `menu--js menu--view-${view}` : ""} ${sliding ? "menu--sliding" : ""}`}
    >
      <div className="menu__track">
        {/* The main index comes first so that its :target can hide the section after it. */}
        <nav id={mainId} className="menu__panel menu__panel--main" aria-label={t("shell.mainMenu")}>
          <EntryList entries={menuEntries(siteRoots, user)} links={links} />
        </nav>
        {section ? (
          <SectionPanel
            section={section}
            mainId={mainId}
            links={links}
            onBack={() => setView("main")}
          />
        ) : null}
      </div>
    </div>
  );
}

/**
 * Which panel shows once the panels slide: the section's on a page inside
 * one, the index after «Назад». They slide (`sliding`) only when the resident
 * moves between them, never when the page's scripts take the menu over: that
 * moment would otherwise slide the section's panel in over the one the server
 * had shown.
 */
function useMenuView(sectionId: string | undefined, mainId: string) {
  const [view, setView] = useState<"main" | "section">(sectionId ? "section" : "main");
  const [sliding, setSliding] = useState(false);
  const slideTo = useCallback((next: "main" | "section") => {
    setSliding(true);
    setView(next);
  }, []);

  // A navigation into (or out of) a section shows that section again. Set while
  // rendering, on a change only: as an effect it also ran once after hydration
  // and undid a «Назад» pressed in that moment.
  const [shownFor, setShownFor] = useState(sectionId);
  if (shownFor !== sectionId) {
    setShownFor(sectionId);
    slideTo(sectionId ? "section" : "main");
  }

  // «Назад» that the browser followed as a plain in-page link (pressed before
  // the page's scripts ran, or while React was still taking the page over) put
  // its :target in the address: the index stays shown, whenever that happened.
  useEffect(() => {
    if (window.location.hash === `#${mainId}`) setView("main");
    const follow = () => {
      if (window.location.hash === `#${mainId}`) slideTo("main");
    };
    window.addEventListener("hashchange", follow);
    return () => window.removeEventListener("hashchange", follow);
  }, [mainId, slideTo]);

  return [view, slideTo, sliding] as const;
}

/** What every entry's link needs to know besides its entry. */
interface EntryLinks {
  user: SessionUserLike | null;
  /** The page's own entry and those above it, by id. */
  trail: Set<string>;
  onLeafChosen?: () => void;
}

/** A section's panel: «Назад» to the index, the section itself, its entries. */
function SectionPanel({
  section,
  mainId,
  links,
  onBack,
}: {
  section: ResolvedEntry;
  mainId: string;
  links: EntryLinks;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  return (
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
          onBack();
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
      <EntryList entries={menuEntries(section.children, links.user)} links={links} />
    </nav>
  );
}

function EntryList({ entries, links }: { entries: ResolvedEntry[]; links: EntryLinks }) {
  return (
    <ul className="menu__list">
      {entries.map((entry) => (
        <EntryLink key={entry.id} entry={entry} links={links} />
      ))}
    </ul>
  );
}

function EntryLink({ entry, links }: { entry: ResolvedEntry; links: EntryLinks }) {
  const { t } = useTranslation();
  const hasChildren = menuEntries(entry.children, links.user).length > 0;
  // The page's own entry and those above it: the site map knows them, so no
  // NavLink has to match its path again (a dozen links on every page).
  const active = links.trail.has(entry.id);
  return (
    <li>
      <Link
        to={entry.path}
        className={active ? "menu__link active" : "menu__link"}
        aria-current={active ? "page" : undefined}
        onClick={() => {
          if (!hasChildren) links.onLeafChosen?.();
        }}
      >
        {entry.icon ? <Icon name={entryIcon(entry.icon)} size="lg" /> : null}
        <span className="menu__text">{t(entry.name)}</span>
        {hasChildren ? <Icon name="chevron-right" className="menu__chevron" /> : null}
      </Link>
    </li>
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
