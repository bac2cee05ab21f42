import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Icon, type IconName } from "~/components/ui/icon";

const sections: Array<{ to: string; icon: IconName; key: string }> = [
  { to: "/admin/posts", icon: "newspaper", key: "nav.adminPosts" },
  { to: "/admin/images", icon: "image", key: "nav.adminImages" },
  { to: "/admin/users", icon: "users", key: "nav.adminUsers" },
];

export default function AdminPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <h1>{t("admin.title")}</h1>
      <p className="muted">{t("admin.lead")}</p>
      <ul className="activities">
        {sections.map((section) => (
          <li key={section.to} className="card activity">
            <Icon name={section.icon} size="xl" color="main" />
            <h2>
              <Link to={section.to}>{t(section.key)}</Link>
            </h2>
          </li>
        ))}
      </ul>
    </div>
  );
}
