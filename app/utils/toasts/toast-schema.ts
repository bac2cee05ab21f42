/** A toast as an action flashes it and the next page reads it (server and browser alike). */
import { z } from "~/utils/schemas/zod";

export const toastSchema = z.object({
  id: z.string().default(() => crypto.randomUUID()),
  type: z.enum(["success", "info", "warning", "error", "loading"]).default("info"),
  title: z.string().optional(),
  description: z.string(),
});

export type Toast = z.infer<typeof toastSchema>;
export type ToastInput = z.input<typeof toastSchema>;
