/** One post: its text (a safe subset of Markdown, rendered on the server) and its images. */
import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";

import { PostStatus } from "~/components/post-status";
import type { RouteHandle } from "~/components/shell/breadcrumbs";
import { Icon } from "~/components/ui/icon";
import { rethrowNotFound } from "~/server/api/rethrow-not-found.server";
import { formatFor } from "~/server/format/formatters.server";
import { postHtml, postPlainText } from "~/server/format/post-text.server";
import { getApi } from "~/server/middleware/api.server";
import { excerpt } from "~/utils/format/excerpt";
import { machineTime } from "~/utils/format/format";
import { mediaPath } from "~/utils/media/media-path";
import { useOptionalUser } from "~/utils/root-data";

import type { Route } from "./+types/item";

export const handle: RouteHandle = {
  crumbParams: (loaderData) => ({ title: (loaderData as { post: { title: string } }).post.title }),
  // Search engines show the post's own first words rather than a generic line.
  description: (loaderData) => (loaderData as { description: string }).description,
};

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!/^\d{1,12}$/.test(params.postId)) throw data({ message: "not found" }, { status: 404 });
  const post = await getApi(context).posts.get(params.postId).catch(rethrowNotFound);
  const { text, ...rest } = post;
  return {
    post: {
      ...rest,
      html: postHtml(text),
      createdText: formatFor(context).date(post.created_at),
      images: post.images.map((image) => ({ ...image, image: mediaPath(image.image) })),
    },
    description: excerpt(postPlainText(text), 160),
  };
}

export default function PostPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { post } = loaderData;
  const user = useOptionalUser();
  return (
    <article className="page post">
      {/* The edit control sits on the date's line, never beside the title: one place whatever the title's length or the post's status. */}
      <div className="post__bar">
        <p className="post__meta">
          <time dateTime={machineTime(post.created_at)}>
            {t("posts.published", { date: post.createdText })}
          </time>
          <PostStatus actual={post.is_actual} />
        </p>
        {user?.role === "admin" ? (
          <Link
            to={`/admin/posts/${post.id}/edit`}
            className="btn btn--mainSecondary btn--md post__edit"
          >
            <Icon name="pencil" />
            {t("posts.edit")}
          </Link>
        ) : null}
      </div>
      <h1>{post.title}</h1>
      {/* Built by post-text.server.ts from the safe subset: no raw HTML, links checked. */}
      <div className="post__text" dangerouslySetInnerHTML={{ __html: post.html }} />
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
