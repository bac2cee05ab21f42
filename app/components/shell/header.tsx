import { useEffect, useRef, type Ref, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useLocation } from "react-router";

import { Icon } from "~/components/ui/icon";
import { telHref } from "~/utils/format/format";
import { operatorTextLang } from "~/utils/i18n/config";
import { useRootData, type RootData } from "~/utils/root-data";

import { Breadcrumbs } from "./breadcrumbs";
import { LanguageSwitch } from "./language-switch";
import { ThemeSwitch } from "./theme-switch";

/** The phone menu's panel is the page's left menu (Shell), shown over the page while this is open. */
export function closePhoneMenu() {
  document.querySelector<HTMLDetailsElement>("details.mobile-menu")?.removeAttribute("open");
}

/**
 * The top bar. On narrow screens the menu button is a <details>: it opens
 * and closes without JavaScript; with JavaScript, choosing a page closes it.
 * Its panel is not inside it: the left menu and the language switch, rendered
 * once for every screen, are shown as the panel while it is open (CSS :has).
 */
export function Header() {
  const root = useRootData();
  const mobileMenu = useRef<HTMLDetailsElement>(null);
  const profileMenu = useRef<HTMLDetailsElement>(null);
  const bar = useRef<HTMLElement>(null);
  useEscapeCloses(mobileMenu, profileMenu);
  useFocusIntoPanel(mobileMenu);
  useTopbarHeight(bar);
  useClosedOnNavigation(mobileMenu, profileMenu);

  return (
    <header className="topbar" ref={bar}>
      <div className="topbar__row">
        <PhoneMenuButton ref={mobileMenu} />
        <Brand root={root} />
        <div className="topbar__crumbs topbar__crumbs--wide">
          <Breadcrumbs />
        </div>
        <div className="topbar__actions">
          {root?.config ? <DispatcherPhone phone={root.config.phones.dispatcher} /> : null}
          <div className="topbar__language">
            <LanguageSwitch />
          </div>
          <ThemeSwitch />
          {root?.user ? <ProfileMenu ref={profileMenu} user={root.user} /> : <SignInLink />}
        </div>
      </div>
      {/* A phone's row folds the middle crumbs into «…» as the wide bar does: none vanishes without a trace. */}
      <div className="topbar__crumbs topbar__crumbs--narrow">
        <Breadcrumbs />
      </div>
    </header>
  );
}

type Disclosure = RefObject<HTMLDetailsElement | null>;

/** Escape closes whichever disclosure is open and returns focus to its button. */
function useEscapeCloses(mobileMenu: Disclosure, profileMenu: Disclosure) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      for (const details of [mobileMenu.current, profileMenu.current]) {
        if (details?.open) {
          details.open = false;
          details.querySelector("summary")?.focus();
        }
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [mobileMenu, profileMenu]);
}

/**
 * The panel comes after the top bar in the page's order (it is the left
 * menu): with JavaScript, opening the menu takes the focus into it, so a
 * keyboard does not first walk the rest of the top bar.
 */
function useFocusIntoPanel(mobileMenu: Disclosure) {
  useEffect(() => {
    const details = mobileMenu.current;
    if (!details) return;
    const onToggle = () => {
      if (details.open)
        document
          .querySelector<HTMLElement>("#site-menu a, #site-menu button, #site-menu summary")
          ?.focus();
    };
    details.addEventListener("toggle", onToggle);
    return () => details.removeEventListener("toggle", onToggle);
  }, [mobileMenu]);
}

/** The bar's measured height, for the page's scroll-padding (app.css): focus never lands under it. */
function useTopbarHeight(bar: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const header = bar.current;
    if (!header) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() =>
      root.style.setProperty(
        "--topbar-block",
        `${Math.ceil(header.getBoundingClientRect().height)}px`,
      ),
    );
    observer.observe(header);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--topbar-block");
    };
  }, [bar]);
}

/**
 * A new page closes the profile popover and the phone menu; the first one
 * does not (a menu opened before the page's scripts ran stays open).
 */
function useClosedOnNavigation(mobileMenu: Disclosure, profileMenu: Disclosure) {
  const location = useLocation();
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    if (profileMenu.current) profileMenu.current.open = false;
    if (mobileMenu.current) mobileMenu.current.open = false;
  }, [location.pathname, mobileMenu, profileMenu]);
}

/** The phone's menu button; its panel is the left menu (see Header). */
function PhoneMenuButton({ ref }: { ref: Ref<HTMLDetailsElement> }) {
  const { t } = useTranslation();
  return (
    <details className="mobile-menu" ref={ref}>
      <summary
        className="btn btn--icon btn--icon-size mobile-menu__button"
        aria-label={t("shell.openMenu")}
        aria-controls="site-menu"
      >
        <span className="mobile-menu__open-icon">
          <Icon name="menu" size="lg" />
        </span>
        <span className="mobile-menu__close-icon">
          <Icon name="x" size="lg" />
        </span>
      </summary>
    </details>
  );
}

/** The logo and the product's name, a link home. */
function Brand({ root }: { root: RootData | undefined }) {
  return (
    <Link to="/" className="brand">
      {/* Low priority: else React preloads it in <head> before the stylesheet, which the first paint needs more. */}
      <img
        src="/logo.svg"
        alt=""
        width={32}
        height={32}
        className="brand__logo"
        fetchPriority="low"
      />
      <span className="brand__name" lang={root ? operatorTextLang(root.locale) : undefined}>
        {root?.config?.productName}
      </span>
    </Link>
  );
}

function DispatcherPhone({ phone }: { phone: string }) {
  const { t } = useTranslation();
  return (
    <a href={telHref(phone)} className="topbar__phone">
      <Icon name="phone" />
      <span className="topbar__phone-label">{t("shell.dispatcher")}:</span>
      <span className="topbar__phone-number nowrap">{phone}</span>
    </a>
  );
}

/** The signed-in user's popover: the name, the profile, signing out (a form: it works without JavaScript). */
function ProfileMenu({
  ref,
  user,
}: {
  ref: Ref<HTMLDetailsElement>;
  user: NonNullable<RootData["user"]>;
}) {
  const { t } = useTranslation();
  return (
    <details className="profile-menu" ref={ref}>
      <summary className="btn btn--mainSecondary btn--md profile-menu__button">
        <Icon name="user" />
        <span className="profile-menu__short">{user.firstName || user.email}</span>
        <span className="visually-hidden">{t("shell.profileMenu")}</span>
      </summary>
      <div className="profile-menu__panel">
        <p className="profile-menu__name">
          {user.firstName} {user.lastName}
        </p>
        <p className="profile-menu__email">{user.email}</p>
        <Link to="/profile" className="btn btn--mainTertiary btn--md profile-menu__item">
          <Icon name="user" />
          {t("shell.myProfile")}
        </Link>
        <Form method="POST" action="/resources/logout">
          <button type="submit" className="btn btn--dangerTertiary btn--md profile-menu__item">
            <Icon name="log-out" />
            {t("shell.logout")}
          </button>
        </Form>
      </div>
    </details>
  );
}

function SignInLink() {
  const { t } = useTranslation();
  return (
    <Link to="/auth" className="btn btn--mainPrimary btn--md">
      <Icon name="log-in" />
      {t("shell.signIn")}
    </Link>
  );
}
