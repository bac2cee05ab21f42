import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import { CopyButton } from "~/components/copy-button";
import { KeepTogether } from "~/components/keep-together";
import { Icon, type IconName } from "~/components/ui/icon";
import { telHref } from "~/utils/format/format";
import { operatorTextLang } from "~/utils/i18n/config";
import { useRootData } from "~/utils/root-data";

export function Footer() {
  const { t } = useTranslation();
  const root = useRootData();
  const config = root?.config;
  if (!config) return null;
  const operatorLang = root ? operatorTextLang(root.locale) : undefined;
  const contacts: Array<{ key: string; icon: IconName; value: string; href: string }> = [
    {
      key: "reception",
      icon: "phone",
      value: config.phones.reception,
      href: telHref(config.phones.reception),
    },
    {
      key: "technical",
      icon: "wrench",
      value: config.phones.technical,
      href: telHref(config.phones.technical),
    },
    {
      key: "dispatcher",
      icon: "siren",
      value: config.phones.dispatcher,
      href: telHref(config.phones.dispatcher),
    },
    {
      key: "economics",
      icon: "hand-coins",
      value: config.phones.economics,
      href: telHref(config.phones.economics),
    },
    { key: "email", icon: "mail", value: config.email, href: `mailto:${config.email}` },
  ];
  return (
    <footer className="footer">
      <div className="footer__grid">
        <section aria-labelledby="footer-contacts">
          <h2 id="footer-contacts" className="footer__title">
            {t("footer.contacts")}
          </h2>
          <ul className="contacts">
            {contacts.map((contact) => (
              <li key={contact.key} className="contact">
                <Icon name={contact.icon} className="contact__icon" />
                <span className="contact__label">{t(`footer.${contact.key}`)}</span>
                <span className="contact__value">
                  <a href={contact.href} className="nowrap">
                    {contact.value}
                  </a>
                  <CopyButton value={contact.value} />
                </span>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-address">
          <h2 id="footer-address" className="footer__title">
            {t("footer.address")}
          </h2>
          <p className="footer__text">
            <Icon name="map-pin" /> <span lang={operatorLang}>{config.address}</span>
          </p>
          <p className="footer__text">
            <a href={config.mapUrl} target="_blank" rel="noopener noreferrer">
              {t("footer.onMap")}
              <Icon name="external-link" size="sm" />
              <span className="visually-hidden"> ({t("common.externalLink")})</span>
            </a>
          </p>
          <h2 className="footer__title">{t("footer.hours")}</h2>
          <p className="footer__text">
            <Icon name="clock" />{" "}
            {/* One flex item, so the text wraps between the phrases kept together. */}
            <span>
              <KeepTogether text={t("footer.schedule")} />
            </span>
          </p>
        </section>
        <section aria-labelledby="footer-documents">
          <h2 id="footer-documents" className="footer__title">
            {t("footer.documents")}
          </h2>
          <ul className="footer__links">
            <li>
              <Link to="/documents/privacy">{t("nav.privacy")}</Link>
            </li>
            <li>
              <Link to="/documents/agreement">{t("nav.agreement")}</Link>
            </li>
          </ul>
        </section>
      </div>
      {/* The year and the company's name, which is written in Russian. */}
      <p className="footer__copyright" lang={operatorLang}>
        {t("footer.rights", {
          year: root?.year ?? new Date().getFullYear(),
          company: config.companyName,
        })}
      </p>
    </footer>
  );
}
