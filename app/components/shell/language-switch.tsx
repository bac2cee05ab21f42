/**
 * The language switch: posts the choice to /resources/language, kept in a
 * cookie, and returns to the same page. Each language is a button named in its
 * own language (as GOV.UK's switcher is): the page changes only when one is
 * pressed, with JavaScript or without (WCAG 3.2.2).
 */
import { useTranslation } from "react-i18next";
import { useFetcher, useLocation } from "react-router";

import { Icon } from "~/components/ui/icon";
import { htmlLang, languageAbbreviations, languageNames, languages } from "~/utils/i18n/config";
import { useRootData } from "~/utils/root-data";

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
              {/* One inline label: as two flex items of the button, «Саха» and « тыла» would lose the space between them. */}
              <span>
                {languageAbbreviations[lng]}
                <span className="language-switch__rest">
                  {languageNames[lng].slice(languageAbbreviations[lng].length)}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </fetcher.Form>
  );
}
