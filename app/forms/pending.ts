import { useFormAction, useNavigation } from "react-router";

/**
 * True while this route's form (or the one at `formAction`) is being
 * submitted, so its button can show a spinner. Without JavaScript the
 * browser's own progress indicator does this job.
 */
export function useIsPending({
  formAction,
  formMethod = "POST",
  state = "non-idle",
  intent,
}: {
  /** Only a submission with this `intent` value (pages with several forms). */
  intent?: string;
  formAction?: string;
  formMethod?: "POST" | "GET" | "PUT" | "PATCH" | "DELETE";
  state?: "submitting" | "loading" | "non-idle";
} = {}) {
  const contextual = useFormAction();
  const navigation = useNavigation();
  const isPendingState = state === "non-idle" ? navigation.state !== "idle" : navigation.state === state;
  return (
    isPendingState &&
    navigation.formAction === (formAction ?? contextual) &&
    navigation.formMethod === formMethod &&
    (intent === undefined || navigation.formData?.get("intent") === intent)
  );
}
