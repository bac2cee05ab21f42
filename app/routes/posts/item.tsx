import { ComingSoon } from "~/components/coming-soon";

export default function PostPage() {
  return <ComingSoon titleKey="nav.posts" />;
}
