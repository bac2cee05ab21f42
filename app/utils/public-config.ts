/** What the portal says about its operator on every page, from its environment (app/server/config/env.server.ts). */
export interface PublicConfig {
  productName: string;
  companyName: string;
  address: string;
  mapUrl: string;
  email: string;
  /** The service's own page, for «Перейти». */
  paymentUrl: string;
  /** With `{account}` where the service takes a personal account's number. */
  paymentAccountUrl: string;
  phones: { reception: string; technical: string; dispatcher: string; economics: string };
}
