import { useRouteLoaderData } from "react-router";
import type { loader } from "~/root";

/** The root loader's data: user, theme, language and company details. */
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

export function useOptionalUser() {
  return useRootData()?.user ?? null;
}
