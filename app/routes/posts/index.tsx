/**
 * News: cards, newest first, with a GET filter form (title, day, current or
 * archive), sorting and pages. Every choice is in the URL.
 */
import { useTranslation } from "react-i18next";
import { Form, Link, redirect } from "react-router";
import { ApiError } from "~/api/errors";
import type { Post } from "~/api/types";
import { EmptyResult, IgnoredParams, Pagination } from "~/components/pagination";
import { Icon } from "~/components/ui/icon";
import { getApi } from "~/middleware/api.server";
import { formatDate } from "~/utils/format";
import { pageCount, parseChoice, parseDay, parsePage, parseText, withParams } from "~/utils/list-query";
import type { Route } from "./+types/index";

const pageSize = 12;
const sorts = { newest: "-created_at", oldest: "created_at", title: "title" } as const;
const statuses = { all: undefined, current: "true", archive: "false" } as const;
type Sort = keyof typeof sorts;
type Status = keyof typeof statuses;

export const links: Route.LinksFunction = () => [
  { rel: "alternate", type: "application/atom+xml", title: "Новости", href: "/posts/feed.xml" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = url.searchParams;
  const ignored: string[] = [];
  const page = parsePage(params.get("page")) ?? (ignored.push("page"), 1);
  const day = parseDay(params.get("day"));
  if (day === null) ignored.push("day");
  const status = parseChoice(params.get("status"), Object.keys(statuses) as Status[], "all") ?? (ignored.push("status"), "all");
  const sort = parseChoice(params.get("sort"), Object.keys(sorts) as Sort[], "newest") ?? (ignored.push("sort"), "newest");
  const q = parseText(params.get("q"));
  const query = {
    title__icontains: q,
    created_at_day_month_year: day ?? undefined,
    is_actual: statuses[status],
    ordering: sorts[sort],
    page,
    page_size: pageSize,
  };
  const api = getApi(context);
  try {
    const result = await api.posts.list(query);
    return {
      posts: result.results,
      count: result.count,
      page,
      pages: pageCount(result.count, pageSize),
      filters: { q, day: day ?? "", status, sort },
      ignored,
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404 && page > 1) {
      // Past the end: the last page there is.
      const first = await api.posts.list({ ...query, page: 1 });
      const last = pageCount(first.count, pageSize);
      throw redirect(`${url.pathname}${withParams(params, { page: last > 1 ? last : undefined })}`);
    }
    throw error;
  }
}

export function excerpt(text: string, length = 180) {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > length ? `${flat.slice(0, length).replace(/\s\S*$/, "")}…` : flat;
}

function PostCard({ post }: { post: Post }) {
  const { t } = useTranslation();
  return (
    <article className="card post-card">
      <p className="post-card__meta">
        <time dateTime={post.created_at}>{formatDate(post.created_at)}</time>
        {post.is_actual ? <span className="badge badge--success">{t("posts.actual")}</span> : null}
      </p>
      <h2 className="post-card__title">
        <Link to={`/posts/item/${post.id}`} className="post-card__link">
          {post.title}
        </Link>
      </h2>
      <p className="post-card__excerpt">{excerpt(post.text)}</p>
    </article>
  );
}

export default function PostsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { posts, filters, page, pages, count, ignored } = loaderData;
  const filtered = Boolean(filters.q || filters.day || filters.status !== "all");
  return (
    <div className="page">
      <div className="page__head">
        <h1>{t("posts.title")}</h1>
        <a href="/posts/feed.xml" className="btn btn--mainTertiary btn--sm">
          <Icon name="rss" />
          {t("posts.feed")}
        </a>
      </div>
      <Form method="get" className="filters" aria-label={t("list.filters")}>
        <div className="field">
          <label htmlFor="posts-q" className="field__label">
            {t("posts.search")}
          </label>
          <input id="posts-q" name="q" type="search" className="input" defaultValue={filters.q} maxLength={100} />
        </div>
        <div className="field">
          <label htmlFor="posts-day" className="field__label">
            {t("list.day")}
          </label>
          <input id="posts-day" name="day" type="date" className="input" defaultValue={filters.day} />
        </div>
        <div className="field">
          <label htmlFor="posts-status" className="field__label">
            {t("posts.status")}
          </label>
          <select id="posts-status" name="status" className="select" defaultValue={filters.status}>
            <option value="all">{t("posts.statusAll")}</option>
            <option value="current">{t("posts.statusCurrent")}</option>
            <option value="archive">{t("posts.statusArchive")}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="posts-sort" className="field__label">
            {t("list.sort")}
          </label>
          <select id="posts-sort" name="sort" className="select" defaultValue={filters.sort}>
            <option value="newest">{t("posts.sortNewest")}</option>
            <option value="oldest">{t("posts.sortOldest")}</option>
            <option value="title">{t("posts.sortTitle")}</option>
          </select>
        </div>
        <div className="filters__actions">
          <button type="submit" className="btn btn--mainPrimary btn--md">
            <Icon name="search" />
            {t("list.apply")}
          </button>
          {filtered ? (
            <Link to="/posts" className="btn btn--mainTertiary btn--md">
              {t("list.reset")}
            </Link>
          ) : null}
        </div>
      </Form>
      <IgnoredParams ignored={ignored} />
      {posts.length === 0 ? (
        <EmptyResult filtered={filtered} resetTo="/posts" />
      ) : (
        <>
          <p className="muted" role="status">
            {t("list.found", { count })}
          </p>
          <div className="card-grid">
            {posts.map((post) => (
              <PostCard key={post.id} post={post} />
            ))}
          </div>
          <Pagination page={page} pages={pages} />
        </>
      )}
    </div>
  );
}
