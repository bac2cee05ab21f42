import { createContext, useContext } from "react";

/** The CSP nonce of this request, for the few inline scripts we render. */
const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
