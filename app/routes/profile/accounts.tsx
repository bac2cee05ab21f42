import { ComingSoon } from "~/components/coming-soon";

export default function AccountsPage() {
  return <ComingSoon titleKey="nav.accounts" />;
}
