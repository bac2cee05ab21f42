import { Icon } from "~/components/ui/icon";

/** Errors about the whole form (not one field), announced when they appear. */
export function FormErrors({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <div id={id} className="form-error" role="alert">
      <Icon name="circle-alert" />
      <span>{errors.join(" ")}</span>
    </div>
  );
}
