import { ComingSoon } from "~/components/coming-soon";

export default function RegistrationPage() {
  return <ComingSoon titleKey="nav.registration" />;
}
