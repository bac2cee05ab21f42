import { ComingSoon } from "~/components/coming-soon";

export default function ReportPage() {
  return <ComingSoon titleKey="nav.info" />;
}
