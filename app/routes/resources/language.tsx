/**
 * The language switch: posts the choice here, kept in a cookie, and returns
 * to the same page. Each language is a button named in its own language (as
 * GOV.UK's switcher is): the page changes only when one is pressed, with
 * JavaScript or without (WCAG 3.2.2).
 */
import { useTranslation } from "react-i18next";
import { data, redirect, useFetcher, useLocation } from "react-router";
import { Icon } from "~/components/ui/icon";
import { htmlLang, isLanguage, languageAbbreviations, languageNames, languages } from "~/i18n/config";
import { languageCookie } from "~/http/preferences.server";
import { safeRedirect } from "~/http/redirect";
import { useRootData } from "~/root-data";
import type { Route } from "./+types/language";
import { readFormData } from "~/http/request.server";

export async function action({ request }: Route.ActionArgs) {
  const form = await readFormData(request);
  const lng = form.get("lng");
  if (!isLanguage(lng)) return data({ error: "unknown language" }, { status: 400 });
  return redirect(safeRedirect(form.get("redirectTo") as string | null), {
    headers: { "Set-Cookie": await languageCookie.serialize(lng) },
  });
}

export function loader() {
  return redirect("/");
}

export function LanguageSwitch() {
  const { t } = useTranslation();
  const root = useRootData();
  const fetcher = useFetcher();
  const location = useLocation();
  const current = (fetcher.formData?.get("lng") as string | undefined) ?? root?.locale ?? "rus";
  return (
    <fetcher.Form method="POST" action="/resources/language" className="language-switch">
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <Icon name="globe" className="language-switch__icon" />
      <ul className="language-switch__list" aria-label={t("shell.language")}>
        {languages.map((lng) => (
          <li key={lng}>
            {/* The current language stays a button (inert): with JavaScript the pressed one keeps the focus. */}
            <button
              type={lng === current ? "button" : "submit"}
              name={lng === current ? undefined : "lng"}
              value={lng === current ? undefined : lng}
              lang={htmlLang[lng]}
              aria-current={lng === current ? "true" : undefined}
              className="language-switch__option"
              aria-label={languageNames[lng]}
            >
              {languageAbbreviations[lng]}
              <span className="language-switch__rest">{languageNames[lng].slice(languageAbbreviations[lng].length)}</span>
            </button>
          </li>
        ))}
      </ul>
    </fetcher.Form>
  );
}
