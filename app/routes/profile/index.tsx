import { ComingSoon } from "~/components/coming-soon";

export default function ProfilePage() {
  return <ComingSoon titleKey="nav.profile" />;
}
