import { ComingSoon } from "~/components/coming-soon";

export default function AdminPage() {
  return <ComingSoon titleKey="nav.admin" />;
}
