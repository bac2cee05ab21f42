/**
 * The language switch: posts the choice here, kept in a cookie, and returns
 * to the same page. With JavaScript it submits as soon as a language is chosen.
 */
import { useTranslation } from "react-i18next";
import { data, redirect, useFetcher, useLocation } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { htmlLang, isLanguage, languageNames, languages } from "~/i18n/config";
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

export function LanguageSwitch({ id = "language" }: { id?: string }) {
  const { t } = useTranslation();
  const root = useRootData();
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const location = useLocation();
  const current = (fetcher.formData?.get("lng") as string | undefined) ?? root?.locale ?? "rus";
  return (
    <fetcher.Form method="POST" action="/resources/language" className="language-switch">
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <label htmlFor={id} className="visually-hidden">
        {t("shell.language")}
      </label>
      <select
        id={id}
        name="lng"
        className="select select--compact"
        value={current}
        onChange={(event) => fetcher.submit(event.currentTarget.form)}
      >
        {languages.map((lng) => (
          <option key={lng} value={lng} lang={htmlLang[lng]}>
            {languageNames[lng]}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <button type="submit" className="btn btn--mainTertiary btn--sm">
          {t("shell.apply")}
        </button>
      )}
    </fetcher.Form>
  );
}
