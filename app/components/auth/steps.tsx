import { useTranslation } from "react-i18next";

import { Icon } from "~/components/ui/icon";

/** The registration steps; the current one is marked for assistive technology. */
export function StepIndicator({ current }: { current: 1 | 2 | 3 }) {
  const { t } = useTranslation();
  const steps = [t("register.stepEmail"), t("register.stepCode"), t("register.stepProfile")];
  return (
    <nav aria-label={t("register.steps")}>
      <ol className="steps">
        {steps.map((name, index) => {
          const number = index + 1;
          const state = number < current ? "done" : number === current ? "current" : "todo";
          return (
            <li
              key={name}
              className={`steps__item steps__item--${state}`}
              aria-current={state === "current" ? "step" : undefined}
            >
              <span className="steps__badge" aria-hidden="true">
                {state === "done" ? <Icon name="check" size="sm" /> : number}
              </span>
              <span className="steps__name">{name}</span>
            </li>
          );
        })}
      </ol>
      <p className="visually-hidden">{t("register.stepOf", { current, total: 3 })}</p>
    </nav>
  );
}
