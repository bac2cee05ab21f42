import { ComingSoon } from "~/components/coming-soon";

export default function AltPaymentPage() {
  return <ComingSoon titleKey="nav.altpayment" />;
}
