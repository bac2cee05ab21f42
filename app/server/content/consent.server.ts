/**
 * The record of a resident's consent to the processing of personal data
 * (152-ФЗ): the company must be able to show who consented, when, to which
 * edition of the text and from where. The backend's contract has no field
 * for it, so the portal writes it to its log as a dedicated event, before the
 * data goes to the backend (README, «Consent to the processing of personal data»).
 */
import { logger, type Logger } from "~/server/monitoring/logger.server";
import { documentVersion } from "./markdown.server";

/** The consent's text: content/documents/consent.md, its edition in its front matter. */
export const consentDocument = "documents/consent";

/**
 * Info, whatever LOG_LEVEL says: a record the company keeps, not a
 * diagnostic that a quieter level may drop.
 */
const consentLogger = logger.child({}, { level: "info" });

export interface Consent {
  email: string;
  clientAddress: string;
  requestId: string;
  at?: Date;
}

export async function recordConsent({ email, clientAddress, requestId, at = new Date() }: Consent, log: Logger = consentLogger) {
  log.info(
    {
      event: "personal-data-consent",
      requestId,
      email,
      consentedAt: at.toISOString(),
      document: `/${consentDocument}`,
      documentVersion: await documentVersion(consentDocument),
      clientAddress,
    },
    "personal data consent",
  );
}
