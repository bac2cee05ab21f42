import enErrors from "~/locales/en/errors.json";
import enTranslation from "~/locales/en/translation.json";
import rusErrors from "~/locales/rus/errors.json";
import rusTranslation from "~/locales/rus/translation.json";
import yktErrors from "~/locales/ykt/errors.json";
import yktTranslation from "~/locales/ykt/translation.json";

export const resources = {
  rus: { translation: rusTranslation, errors: rusErrors },
  en: { translation: enTranslation, errors: enErrors },
  ykt: { translation: yktTranslation, errors: yktErrors },
};
