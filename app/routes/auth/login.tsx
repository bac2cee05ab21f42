import { ComingSoon } from "~/components/coming-soon";

export default function LoginPage() {
  return <ComingSoon titleKey="nav.auth" />;
}
