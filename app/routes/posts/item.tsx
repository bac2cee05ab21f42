/** One post: its text as paragraphs of plain text (never HTML) and its images. */
import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import { PostStatus } from "~/components/post-status";
import type { RouteHandle } from "~/components/shell/breadcrumbs";
import { getApi } from "~/middleware/api.server";
import { rethrowNotFound } from "~/api/rethrow-not-found.server";
import { machineTime, useFormat } from "~/format/format";
import { excerpt } from "~/format/excerpt";
import { linkify } from "~/format/linkify";
import { mediaPath } from "~/media/media-path";
import { useOptionalUser } from "~/root-data";
import type { Route } from "./+types/item";

export const handle: RouteHandle = {
  crumbParams: (loaderData) => ({ title: (loaderData as { post: { title: string } }).post.title }),
  // Search engines show the post's own first words rather than a generic line.
  description: (loaderData) => excerpt((loaderData as { post: { text: string } }).post.text, 160),
};

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!/^\d{1,12}$/.test(params.postId)) throw data({ message: "not found" }, { status: 404 });
  const post = await getApi(context).posts.get(params.postId).catch(rethrowNotFound);
  return { post: { ...post, images: post.images.map((image) => ({ ...image, image: mediaPath(image.image) })) } };
}

/** Blank lines separate paragraphs; single line breaks stay inside a paragraph. */
export function paragraphs(text: string) {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((part) => part.trim())
    .filter(Boolean);
}

export default function PostPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const { post } = loaderData;
  const user = useOptionalUser();
  return (
    <article className="page post">
      {/* The edit control sits on the date's line, never beside the title: one place whatever the title's length or the post's status. */}
      <div className="post__bar">
        <p className="post__meta">
          <time dateTime={machineTime(post.created_at)}>{t("posts.published", { date: format.date(post.created_at) })}</time>
          <PostStatus actual={post.is_actual} />
        </p>
        {user?.role === "admin" ? (
          <Link to={`/admin/posts/${post.id}/edit`} className="btn btn--mainSecondary btn--md post__edit">
            <Icon name="pencil" />
            {t("posts.edit")}
          </Link>
        ) : null}
      </div>
      <h1>{post.title}</h1>
      <div className="post__text">
        {paragraphs(post.text).map((paragraph, index) => (
          <p key={index}>
            {linkify(paragraph).map((piece, at) =>
              piece.href ? (
                <a key={at} href={piece.href} target="_blank" rel="noopener noreferrer nofollow">
                  {piece.text}
                </a>
              ) : (
                piece.text
              ),
            )}
          </p>
        ))}
      </div>
      {post.images.length > 0 ? (
        <section aria-labelledby="post-images">
          <h2 id="post-images">{t("posts.images")}</h2>
          <ul className="post__images">
            {post.images.map((image, index) => (
              <li key={image.id}>
                <a href={image.image}>
                  <img
                    src={image.image}
                    alt={t("posts.imageAlt", { title: post.title, n: index + 1 })}
                    width={640}
                    height={427}
                    loading="lazy"
                    decoding="async"
                  />
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p>
        <Link to="/posts" className="btn btn--mainSecondary btn--md">
          <Icon name="arrow-left" />
          {t("posts.back")}
        </Link>
      </p>
    </article>
  );
}
