import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import { CopyButton } from "~/components/copy-button";
import { KeepTogether } from "~/components/keep-together";
import { Icon, type IconName } from "~/components/ui/icon";
import { telHref } from "~/utils/format/format";
import { operatorTextLang } from "~/utils/i18n/config";
import type { PublicConfig } from "~/utils/public-config";
import { useRootData } from "~/utils/root-data";

/** The company's contacts, address and hours, its documents, and the copyright line. */
export function Footer() {
  const { t } = useTranslation();
  const root = useRootData();
  const config = root?.config;
  if (!config) return null;
  const operatorLang = root ? operatorTextLang(root.locale) : undefined;
  return (
    <footer className="footer">
      <div className="footer__grid">
        <FooterContacts config={config} />
        <FooterAddress config={config} operatorLang={operatorLang} />
        <FooterDocuments />
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

interface Contact {
  /** Its label's key under `footer.`. */
  key: string;
  icon: IconName;
  value: string;
  href: string;
}

/** The four phones and the e-mail, in the order residents look for them. */
function contactsOf(config: PublicConfig): Contact[] {
  const phone = (key: keyof PublicConfig["phones"], icon: IconName): Contact => ({
    key,
    icon,
    value: config.phones[key],
    href: telHref(config.phones[key]),
  });
  return [
    phone("reception", "phone"),
    phone("technical", "wrench"),
    phone("dispatcher", "siren"),
    phone("economics", "hand-coins"),
    { key: "email", icon: "mail", value: config.email, href: `mailto:${config.email}` },
  ];
}

/** Each contact a link (to call or write) and a button that copies it. */
function FooterContacts({ config }: { config: PublicConfig }) {
  const { t } = useTranslation();
  return (
    <FooterSection name="contacts">
      <ul className="contacts">
        {contactsOf(config).map((contact) => (
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
    </FooterSection>
  );
}

/** The office: its address (written in Russian), the map, the opening hours. */
function FooterAddress({
  config,
  operatorLang,
}: {
  config: PublicConfig;
  operatorLang: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <FooterSection name="address">
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
    </FooterSection>
  );
}

function FooterDocuments() {
  const { t } = useTranslation();
  return (
    <FooterSection name="documents">
      <ul className="footer__links">
        <li>
          <Link to="/documents/privacy">{t("nav.privacy")}</Link>
        </li>
        <li>
          <Link to="/documents/agreement">{t("nav.agreement")}</Link>
        </li>
      </ul>
    </FooterSection>
  );
}

/** A column under its heading, which names it for assistive technology. */
function FooterSection({
  name,
  children,
}: {
  name: "contacts" | "address" | "documents";
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={`footer-${name}`}>
      <h2 id={`footer-${name}`} className="footer__title">
        {t(`footer.${name}`)}
      </h2>
      {children}
    </section>
  );
}
