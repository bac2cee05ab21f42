/** The two themes, read by the server's cookie and the browser's switch alike. */
import { z } from "~/utils/schemas/zod";

export const themeSchema = z.enum(["light", "dark"]);
export type Theme = z.infer<typeof themeSchema>;
