import { createContext, useContext } from "react";

/**
 * The CSP nonce of a server-rendered document (empty for prerendered pages, whose inline
 * scripts are allowed by hash, and in the browser, where it is no longer needed).
 */
const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
