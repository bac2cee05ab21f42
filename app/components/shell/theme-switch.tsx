/**
 * The theme switch: a form that posts to /resources/theme and returns to the
 * same page, so it works without JavaScript. With JavaScript the theme changes
 * at once (optimistically) behind a circular reveal.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher, useFetchers, useLocation } from "react-router";

import { Icon } from "~/components/ui/icon";
import type { Theme } from "~/utils/http/theme-schema";
import { useRootData } from "~/utils/root-data";

const themeFetcherKey = "theme-switch";

/** The theme being switched to (optimistic), else the one the server rendered. */
export function useTheme(): Theme {
  const root = useRootData();
  const fetchers = useFetchers();
  const pending = fetchers
    .find((fetcher) => fetcher.key === themeFetcherKey)
    ?.formData?.get("theme");
  if (pending === "light" || pending === "dark") return pending;
  return (root?.theme as Theme | undefined) ?? "light";
}

type Stage = "none" | "fadeIn" | "fadeOut";

export function ThemeSwitch() {
  const { t } = useTranslation();
  const fetcher = useFetcher({ key: themeFetcherKey });
  const location = useLocation();
  const theme = useTheme();
  const next: Theme = theme === "dark" ? "light" : "dark";
  const [stage, setStage] = useState<Stage>("none");
  const [origin, setOrigin] = useState({ x: 0, y: 0, target: next });
  const overlay = useRef<HTMLDivElement>(null);

  function submit(target: Theme) {
    void fetcher.submit({ theme: target }, { method: "POST", action: "/resources/theme" });
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (reduced || stage !== "none") {
      submit(next);
      return;
    }
    const button = event.currentTarget.querySelector("button")?.getBoundingClientRect();
    setOrigin({
      x: button ? button.left + button.width / 2 : window.innerWidth,
      y: button ? button.top + button.height / 2 : 0,
      target: next,
    });
    setStage("fadeIn");
  }

  useEffect(() => {
    const element = overlay.current;
    if (!element || stage === "none") return;
    const done = () => {
      if (stage === "fadeIn") {
        submit(origin.target);
        setStage("fadeOut");
      } else {
        setStage("none");
      }
    };
    element.addEventListener("animationend", done, { once: true });
    return () => element.removeEventListener("animationend", done);
    // submit is stable enough for the life of one animation
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stage, origin]);

  const label = next === "dark" ? t("shell.switchToDark") : t("shell.switchToLight");
  return (
    <>
      <fetcher.Form
        method="POST"
        action="/resources/theme"
        onSubmit={onSubmit}
        className="theme-switch"
      >
        <input type="hidden" name="theme" value={next} />
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        <button
          type="submit"
          className="btn btn--icon btn--icon-size"
          aria-label={label}
          title={label}
        >
          <Icon name={theme === "dark" ? "moon" : "sun"} size="lg" />
        </button>
      </fetcher.Form>
      {stage !== "none" ? (
        <div
          ref={overlay}
          className={`theme-reveal theme-reveal--${stage} theme-reveal--to-${origin.target}`}
          style={
            { "--reveal-x": `${origin.x}px`, "--reveal-y": `${origin.y}px` } as React.CSSProperties
          }
          aria-hidden="true"
        />
      ) : null}
    </>
  );
}
