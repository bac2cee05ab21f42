import { ComingSoon } from "~/components/coming-soon";

export default function PostCreatePage() {
  return <ComingSoon titleKey="nav.postCreate" />;
}
