import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import type { RouteHandle } from "~/components/shell/breadcrumbs";
import { Icon } from "~/components/ui/icon";
import { entryIcon } from "~/components/ui/icon-names";
import { requireAdmin } from "~/server/middleware/access.server";
import { routeTexts } from "~/utils/i18n/route-texts";
import { findEntry } from "~/utils/site-map/navigation";

import type { Route } from "./+types/index";

export const middleware: Route.MiddlewareFunction[] = [requireAdmin];
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [routeTexts("admin")];
export const handle: RouteHandle = { i18n: "admin" };

/** The administration's pages, as the site map lists them under /admin. */
const sections = (findEntry("/admin")?.children ?? []).filter((entry) => !entry.hidden);

export default function AdminPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <h1>{t("admin:title")}</h1>
      <p className="muted">{t("admin:lead")}</p>
      <ul className="activities">
        {sections.map((section) => (
          <li key={section.id} className="card activity">
            {section.icon ? <Icon name={entryIcon(section.icon)} size="xl" color="main" /> : null}
            <h2>
              <Link to={section.path}>{t(section.name)}</Link>
            </h2>
          </li>
        ))}
      </ul>
    </div>
  );
}
