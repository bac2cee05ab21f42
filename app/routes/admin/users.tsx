/** Users: e-mail and name search, administrators / residents / all, sorting and pages. */
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import { ConfirmLink } from "~/components/confirm-link";
import { FilterForm, FilterInput, FilterSelect } from "~/components/filters";
import { EmptyResult, IgnoredParams, Pagination } from "~/components/pagination";
import type { RouteHandle } from "~/components/shell/breadcrumbs";
import { Icon } from "~/components/ui/icon";
import { fromBackendUser } from "~/server/api/admin-users.server";
import { getEnv } from "~/server/config/env.server";
import { formatFor } from "~/server/format/formatters.server";
import { loadListPage } from "~/server/lists/list-page.server";
import { requireAdmin } from "~/server/middleware/access.server";
import { getApi } from "~/server/middleware/api.server";
import { getUser } from "~/server/middleware/user.server";
import { routeTexts } from "~/utils/i18n/route-texts";
import { parseChoice, parsePage, parseText } from "~/utils/lists/list-query";

import type { Route } from "./+types/users";

export const middleware: Route.MiddlewareFunction[] = [requireAdmin];
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [routeTexts("admin")];
export const handle: RouteHandle = { i18n: "admin" };

const pageSize = 20;
const sorts = {
  email: "email",
  name: "full_name",
  newest: "-date_joined",
  oldest: "date_joined",
} as const;
const roles = { all: undefined, admins: "true", residents: "false" } as const;
type Sort = keyof typeof sorts;
type RoleFilter = keyof typeof roles;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = url.searchParams;
  const ignored: string[] = [];
  const page = parsePage(params.get("page")) ?? (ignored.push("page"), 1);
  const role =
    parseChoice(params.get("role"), Object.keys(roles) as RoleFilter[], "all") ??
    (ignored.push("role"), "all");
  const sort =
    parseChoice(params.get("sort"), Object.keys(sorts) as Sort[], "email") ??
    (ignored.push("sort"), "email");
  const email = parseText(params.get("email"));
  const name = parseText(params.get("name"));
  const query = {
    email__icontains: email,
    full_name: name,
    [getEnv().ADMIN_FLAG]: roles[role],
    ordering: sorts[sort],
    page,
    page_size: pageSize,
  };
  const api = getApi(context);
  const list = await loadListPage(request, page, pageSize, (target) =>
    api.admin.users.list({ ...query, page: target }),
  );
  const format = formatFor(context);
  return {
    users: list.results.map((backendUser) => {
      const user = fromBackendUser(backendUser);
      return { ...user, joinedText: format.date(user.date_joined) };
    }),
    count: list.count,
    page,
    pages: list.pages,
    filters: { email, name, role, sort },
    ignored,
    me: getUser(context)?.id ?? null,
  };
}

export default function AdminUsersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { users, filters, page, pages, count, ignored, me } = loaderData;
  const filtered = Boolean(filters.email || filters.name || filters.role !== "all");
  return (
    <div className="page">
      <div className="page__head">
        <h1>{t("admin:users.title")}</h1>
        <Link to="/admin/users/new" className="btn btn--mainPrimary btn--md">
          <Icon name="plus" />
          {t("admin:users.create")}
        </Link>
      </div>
      <UsersFilters filters={filters} filtered={filtered} />
      <IgnoredParams ignored={ignored} labels={{ role: t("admin:users.role") }} />
      {users.length === 0 ? (
        <EmptyResult filtered={filtered} resetTo="/admin/users" />
      ) : (
        <>
          <p className="muted" role="status">
            {t("list.found", { count })}
          </p>
          <UsersTable users={users} me={me} />
          <Pagination page={page} pages={pages} />
        </>
      )}
    </div>
  );
}

type LoaderData = Route.ComponentProps["loaderData"];

/** The search by e-mail and name, the role and the order: a GET form, so every view has its address. */
function UsersFilters({
  filters,
  filtered,
}: {
  filters: LoaderData["filters"];
  filtered: boolean;
}) {
  const { t } = useTranslation();
  return (
    <FilterForm resetTo="/admin/users" filtered={filtered}>
      <FilterInput
        id="users-email"
        name="email"
        label={t("admin:users.email")}
        defaultValue={filters.email}
      />
      <FilterInput
        id="users-name"
        name="name"
        label={t("admin:users.fullName")}
        defaultValue={filters.name}
      />
      <FilterSelect
        id="users-role"
        name="role"
        label={t("admin:users.role")}
        defaultValue={filters.role}
        options={[
          { value: "all", label: t("admin:users.roleAll") },
          { value: "admins", label: t("admin:users.roleAdmins") },
          { value: "residents", label: t("admin:users.roleResidents") },
        ]}
      />
      <FilterSelect
        id="users-sort"
        name="sort"
        label={t("list.sort")}
        defaultValue={filters.sort}
        options={[
          { value: "email", label: t("admin:users.sortEmail") },
          { value: "name", label: t("admin:users.sortName") },
          { value: "newest", label: t("admin:users.sortJoinedNew") },
          { value: "oldest", label: t("admin:users.sortJoinedOld") },
        ]}
      />
    </FilterForm>
  );
}

/** One row per user; on a phone each row stacks its cells under their labels. */
function UsersTable({ users, me }: { users: LoaderData["users"]; me: LoaderData["me"] }) {
  const { t } = useTranslation();
  return (
    <div className="table-wrap">
      <table className="table table--stack">
        <thead>
          <tr>
            <th scope="col">{t("admin:users.colEmail")}</th>
            <th scope="col">{t("admin:users.colName")}</th>
            <th scope="col">{t("admin:users.colRole")}</th>
            <th scope="col">{t("admin:users.colJoined")}</th>
            <th scope="col">{t("admin:posts.actions")}</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <UserRow key={user.id} user={user} isMe={user.id === me} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A user, the role, and editing; an administrator cannot delete themselves from here. */
function UserRow({ user, isMe }: { user: LoaderData["users"][number]; isMe: boolean }) {
  const { t } = useTranslation();
  return (
    <tr>
      <th scope="row">
        {user.email}
        {isMe ? <span className="muted small"> ({t("admin:users.you")})</span> : null}
      </th>
      <td data-label={t("admin:users.colName")}>{user.full_name}</td>
      <td data-label={t("admin:users.colRole")}>
        <span className={`badge ${user.is_admin ? "badge--success" : "badge--muted"}`}>
          {user.is_admin ? t("admin:users.admin") : t("admin:users.resident")}
        </span>
        {user.is_active ? null : (
          <span className="badge badge--muted">{t("admin:users.inactive")}</span>
        )}
      </td>
      <td data-label={t("admin:users.colJoined")}>{user.joinedText}</td>
      <td>
        <div className="row-actions">
          <Link
            to={`/admin/users/${user.id}/edit`}
            className="btn btn--mainTertiary btn--sm"
            aria-label={t("admin:users.editLabel", { email: user.email })}
          >
            <Icon name="pencil" />
            {t("admin:users.edit")}
          </Link>
          {isMe ? null : (
            <ConfirmLink
              href={`/admin/users/${user.id}/delete`}
              label={t("admin:users.delete")}
              ariaLabel={t("admin:users.deleteLabel", { email: user.email })}
              title={t("admin:users.deleteTitle", { email: user.email })}
              text={<p>{t("admin:users.deleteText")}</p>}
              confirmLabel={t("admin:users.deleteConfirm")}
            />
          )}
        </div>
      </td>
    </tr>
  );
}
