/** Users: e-mail and name search, administrators / residents / all, sorting and pages. */
import { useTranslation } from "react-i18next";
import { Form, Link, redirect } from "react-router";
import { ApiError } from "~/api/errors";
import { ConfirmLink } from "~/components/confirm-link";
import { EmptyResult, IgnoredParams, Pagination } from "~/components/pagination";
import { Icon } from "~/components/ui/icon";
import { getApi } from "~/middleware/api.server";
import { getUser } from "~/middleware/user.server";
import { fromBackendUser } from "~/utils/admin-users.server";
import { getEnv } from "~/utils/env.server";
import { formatDate } from "~/utils/format";
import { pageCount, parseChoice, parsePage, parseText, withParams } from "~/utils/list-query";
import type { Route } from "./+types/users";

const pageSize = 20;
const sorts = { email: "email", name: "full_name", newest: "-date_joined", oldest: "date_joined" } as const;
const roles = { all: undefined, admins: "true", residents: "false" } as const;
type Sort = keyof typeof sorts;
type RoleFilter = keyof typeof roles;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = url.searchParams;
  const ignored: string[] = [];
  const page = parsePage(params.get("page")) ?? (ignored.push("page"), 1);
  const role = parseChoice(params.get("role"), Object.keys(roles) as RoleFilter[], "all") ?? (ignored.push("role"), "all");
  const sort = parseChoice(params.get("sort"), Object.keys(sorts) as Sort[], "email") ?? (ignored.push("sort"), "email");
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
  try {
    const result = await api.admin.users.list(query);
    return {
      users: result.results.map(fromBackendUser),
      count: result.count,
      page,
      pages: pageCount(result.count, pageSize),
      filters: { email, name, role, sort },
      ignored,
      me: getUser(context)?.id ?? null,
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404 && page > 1) {
      const first = await api.admin.users.list({ ...query, page: 1 });
      const last = pageCount(first.count, pageSize);
      throw redirect(`${url.pathname}${withParams(params, { page: last > 1 ? last : undefined })}`);
    }
    throw error;
  }
}

export default function AdminUsersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { users, filters, page, pages, count, ignored, me } = loaderData;
  const filtered = Boolean(filters.email || filters.name || filters.role !== "all");
  return (
    <div className="page">
      <div className="page__head">
        <h1>{t("admin.users.title")}</h1>
        <Link to="/admin/users/new" className="btn btn--mainPrimary btn--md">
          <Icon name="plus" />
          {t("admin.users.create")}
        </Link>
      </div>
      <Form method="get" className="filters" aria-label={t("list.filters")}>
        <div className="field">
          <label htmlFor="users-email" className="field__label">
            {t("admin.users.email")}
          </label>
          <input id="users-email" name="email" type="search" className="input" defaultValue={filters.email} maxLength={100} />
        </div>
        <div className="field">
          <label htmlFor="users-name" className="field__label">
            {t("admin.users.fullName")}
          </label>
          <input id="users-name" name="name" type="search" className="input" defaultValue={filters.name} maxLength={100} />
        </div>
        <div className="field">
          <label htmlFor="users-role" className="field__label">
            {t("admin.users.role")}
          </label>
          <select id="users-role" name="role" className="select" defaultValue={filters.role}>
            <option value="all">{t("admin.users.roleAll")}</option>
            <option value="admins">{t("admin.users.roleAdmins")}</option>
            <option value="residents">{t("admin.users.roleResidents")}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="users-sort" className="field__label">
            {t("list.sort")}
          </label>
          <select id="users-sort" name="sort" className="select" defaultValue={filters.sort}>
            <option value="email">{t("admin.users.sortEmail")}</option>
            <option value="name">{t("admin.users.sortName")}</option>
            <option value="newest">{t("admin.users.sortJoinedNew")}</option>
            <option value="oldest">{t("admin.users.sortJoinedOld")}</option>
          </select>
        </div>
        <div className="filters__actions">
          <button type="submit" className="btn btn--mainPrimary btn--md">
            <Icon name="search" />
            {t("list.apply")}
          </button>
          {filtered ? (
            <Link to="/admin/users" className="btn btn--mainTertiary btn--md">
              {t("list.reset")}
            </Link>
          ) : null}
        </div>
      </Form>
      <IgnoredParams ignored={ignored} />
      {users.length === 0 ? (
        <EmptyResult filtered={filtered} resetTo="/admin/users" />
      ) : (
        <>
          <p className="muted" role="status">
            {t("list.found", { count })}
          </p>
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t("admin.users.colEmail")}</th>
                  <th scope="col">{t("admin.users.colName")}</th>
                  <th scope="col">{t("admin.users.colRole")}</th>
                  <th scope="col">{t("admin.users.colJoined")}</th>
                  <th scope="col">{t("admin.posts.actions")}</th>
                </tr>
              </thead>
              <tbody>
                {users.map((user) => (
                  <tr key={user.id}>
                    <th scope="row">
                      {user.email}
                      {user.id === me ? <span className="muted small"> ({t("admin.users.you")})</span> : null}
                    </th>
                    <td>{user.full_name}</td>
                    <td>
                      <span className={`badge ${user.is_admin ? "badge--success" : "badge--muted"}`}>
                        {user.is_admin ? t("admin.users.admin") : t("admin.users.resident")}
                      </span>
                      {user.is_active ? null : <span className="badge badge--muted">{t("admin.users.inactive")}</span>}
                    </td>
                    <td>{formatDate(user.date_joined)}</td>
                    <td>
                      <div className="row-actions">
                        <Link to={`/admin/users/${user.id}/edit`} className="btn btn--mainTertiary btn--sm" aria-label={t("admin.users.editLabel", { email: user.email })}>
                          <Icon name="pencil" />
                          {t("admin.users.edit")}
                        </Link>
                        {user.id === me ? null : (
                          <ConfirmLink
                            href={`/admin/users/${user.id}/delete`}
                            label={t("admin.users.delete")}
                            ariaLabel={t("admin.users.deleteLabel", { email: user.email })}
                            title={t("admin.users.deleteTitle", { email: user.email })}
                            text={<p>{t("admin.users.deleteText")}</p>}
                            confirmLabel={t("admin.users.deleteConfirm")}
                          />
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={page} pages={pages} />
        </>
      )}
    </div>
  );
}
