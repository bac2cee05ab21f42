import { ComingSoon } from "~/components/coming-soon";

export default function RatePage() {
  return <ComingSoon titleKey="nav.rates" />;
}
