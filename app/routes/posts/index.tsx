import { ComingSoon } from "~/components/coming-soon";

export default function PostsPage() {
  return <ComingSoon titleKey="nav.posts" />;
}
