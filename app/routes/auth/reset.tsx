import { ComingSoon } from "~/components/coming-soon";

export default function ResetPage() {
  return <ComingSoon titleKey="nav.reset" />;
}
