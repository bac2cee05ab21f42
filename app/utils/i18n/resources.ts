import enAdmin from "~/locales/en/admin.json";
import enBackend from "~/locales/en/backend.json";
import enErrors from "~/locales/en/errors.json";
import enTranslation from "~/locales/en/translation.json";
import rusAdmin from "~/locales/rus/admin.json";
import rusBackend from "~/locales/rus/backend.json";
import rusErrors from "~/locales/rus/errors.json";
import rusTranslation from "~/locales/rus/translation.json";
import yktAdmin from "~/locales/ykt/admin.json";
import yktBackend from "~/locales/ykt/backend.json";
import yktErrors from "~/locales/ykt/errors.json";
import yktTranslation from "~/locales/ykt/translation.json";

export const resources = {
  rus: { translation: rusTranslation, errors: rusErrors, admin: rusAdmin, backend: rusBackend },
  en: { translation: enTranslation, errors: enErrors, admin: enAdmin, backend: enBackend },
  ykt: { translation: yktTranslation, errors: yktErrors, admin: yktAdmin, backend: yktBackend },
};
