import { createContext as createReactContext, useContext } from "react";
import { createContext } from "react-router";

/** The request's CSP nonce: set by server.ts, read by entry.server.tsx and root.tsx (as the portal does). */
export const nonceContext = createContext<string>("");
const NonceContext = createReactContext<string>("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
