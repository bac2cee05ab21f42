import { ComingSoon } from "~/components/coming-soon";

export default function RatesPage() {
  return <ComingSoon titleKey="nav.rates" />;
}
