/**
 * The profile section: the resident's name and e-mail from users/me above
 * every profile page. Its loader runs beside the page's own, so a page like
 * /profile/accounts makes two backend calls in parallel that share one
 * token refresh.
 */
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";

import { Icon } from "~/components/ui/icon";
import { formatFor } from "~/server/format/formatters.server";
import { requireUser } from "~/server/middleware/access.server";
import { getApi } from "~/server/middleware/api.server";
import type { ProfileLayoutData, User } from "~/utils/api/types";

import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = [requireUser];

export async function loader({ context }: Route.LoaderArgs): Promise<ProfileLayoutData> {
  const me: User = await getApi(context).users.me();
  return {
    joinedText: formatFor(context).date(me.date_joined),
    me: {
      email: me.email,
      first_name: me.first_name,
      middle_name: me.middle_name,
      last_name: me.last_name,
      phone: me.phone,
      date_joined: me.date_joined,
    },
  };
}

export default function ProfileLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { me } = loaderData;
  const fullName = [me.last_name, me.first_name, me.middle_name].filter(Boolean).join(" ");
  return (
    <>
      <p className="profile-strip" aria-label={t("profile.dataTitle")}>
        <Icon name="user" />
        <strong>{fullName}</strong>
        <span className="muted">{me.email}</span>
      </p>
      <Outlet />
    </>
  );
}
