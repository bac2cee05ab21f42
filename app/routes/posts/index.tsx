/**
 * News: cards, newest first, with a GET filter form (title, day, current or
 * archive), sorting and pages. Every choice is in the URL.
 */
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import { FilterForm, FilterInput } from "~/components/filters";
import { IgnoredParams, ListResult } from "~/components/pagination";
import { PostFilterFields } from "~/components/post-filters";
import { PostStatus } from "~/components/post-status";
import { Icon } from "~/components/ui/icon";
import { formatFor } from "~/server/format/formatters.server";
import { postPlainText } from "~/server/format/post-text.server";
import { loadListPage } from "~/server/lists/list-page.server";
import { getApi } from "~/server/middleware/api.server";
import { excerpt } from "~/utils/format/excerpt";
import { machineTime } from "~/utils/format/format";
import { parseDay, parsePage, parsePostFilters } from "~/utils/lists/list-query";
import { mediaPath } from "~/utils/media/media-path";

import type { Route } from "./+types/index";

const pageSize = 12;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = url.searchParams;
  const ignored: string[] = [];
  const page = parsePage(params.get("page")) ?? (ignored.push("page"), 1);
  const day = parseDay(params.get("day"));
  if (day === null) ignored.push("day");
  const { filters, query: postQuery } = parsePostFilters(params, ignored);
  const query = {
    ...postQuery,
    created_at_day_month_year: day ?? undefined,
    page,
    page_size: pageSize,
  };
  const api = getApi(context);
  const list = await loadListPage(request, page, pageSize, (target) =>
    api.posts.list({ ...query, page: target }),
  );
  // A resident who asked to save data (Save-Data: on) gets the cards without pictures.
  const saveData = request.headers.get("Save-Data")?.trim().toLowerCase() === "on";
  const format = formatFor(context);
  return {
    // What a card shows, no more: the page (and its hydration data) carries
    // an excerpt, not every post's whole text, and the first image as a path
    // on this site for the thumbnail, never the backend's address.
    posts: list.results.map((post) => ({
      id: post.id,
      title: post.title,
      excerpt: excerpt(postPlainText(post.text)),
      is_actual: post.is_actual,
      created_at: post.created_at,
      createdText: format.date(post.created_at),
      thumbnail: saveData ? null : mediaPath(post.images[0]?.image ?? null),
    })),
    count: list.count,
    page,
    pages: list.pages,
    filters: { ...filters, day: day ?? "" },
    ignored,
  };
}

/** The list differs with Save-Data (no thumbnails): caches must keep the two apart. */
export function headers() {
  return { Vary: "Save-Data" };
}

type PostSummary = Route.ComponentProps["loaderData"]["posts"][number];

function PostCard({ post }: { post: PostSummary }) {
  return (
    <article className={post.thumbnail ? "card post-card post-card--with-image" : "card post-card"}>
      {post.thumbnail ? (
        // Decorative: the title beside it names the post. Sized, so nothing jumps when it arrives.
        <img
          className="post-card__image"
          src={post.thumbnail}
          alt=""
          width={240}
          height={160}
          loading="lazy"
          decoding="async"
        />
      ) : null}
      <p className="post-card__meta">
        <time dateTime={machineTime(post.created_at)}>{post.createdText}</time>
        <PostStatus actual={post.is_actual} />
      </p>
      <h2 className="post-card__title">
        <Link to={`/posts/item/${post.id}`} className="post-card__link">
          {post.title}
        </Link>
      </h2>
      <p className="post-card__excerpt">{post.excerpt}</p>
    </article>
  );
}

export default function PostsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { posts, filters, page, pages, count, ignored } = loaderData;
  const filtered = Boolean(filters.q || filters.day || filters.status !== "all");
  return (
    <div className="page">
      {/* React puts it in <head>: feed readers find the feed from the page. */}
      <link
        rel="alternate"
        type="application/atom+xml"
        title={t("posts.title")}
        href="/posts/feed.xml"
      />
      <div className="page__head">
        <h1>{t("posts.title")}</h1>
        <a href="/posts/feed.xml" className="btn btn--mainTertiary btn--sm btn--wraps">
          <Icon name="rss" />
          {t("posts.feed")}
        </a>
      </div>
      <FilterForm resetTo="/posts" filtered={filtered}>
        <PostFilterFields idPrefix="posts" filters={filters}>
          <FilterInput
            id="posts-day"
            name="day"
            type="date"
            label={t("posts.day")}
            defaultValue={filters.day}
          />
        </PostFilterFields>
      </FilterForm>
      <IgnoredParams
        ignored={ignored}
        labels={{ status: t("posts.status"), day: t("posts.day") }}
      />
      <ListResult
        empty={posts.length === 0}
        count={count}
        filtered={filtered}
        resetTo="/posts"
        page={page}
        pages={pages}
      >
        <div className="card-grid">
          {posts.map((post) => (
            <PostCard key={post.id} post={post} />
          ))}
        </div>
      </ListResult>
    </div>
  );
}
