/**
 * The GET filter form of every list: plain fields whose values land in the
 * URL, so a filtered list can be bookmarked and works without JavaScript.
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";

import { Icon } from "~/components/ui/icon";

/**
 * On a phone the filters fold under their summary, so the first screen shows
 * results; they stay open while a filter is active (its values are there to
 * read and change). Wider screens show them always (CSS on `::details-content`),
 * with or without JavaScript.
 */
export function FilterForm({
  children,
  resetTo,
  filtered,
}: {
  children: ReactNode;
  resetTo: string;
  filtered: boolean;
}) {
  const { t } = useTranslation();
  return (
    <details className="filters-fold" open={filtered || undefined}>
      <summary className="filters-fold__summary">
        <Icon name="chevron-right" className="filters-fold__marker" />
        {t("list.filters")}
      </summary>
      <FilterFields resetTo={resetTo} filtered={filtered}>
        {children}
      </FilterFields>
    </details>
  );
}

function FilterFields({
  children,
  resetTo,
  filtered,
}: {
  children: ReactNode;
  resetTo: string;
  filtered: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Form method="get" className="filters" aria-label={t("list.filters")}>
      {children}
      <div className="filters__actions">
        <button type="submit" className="btn btn--mainPrimary btn--md">
          <Icon name="search" />
          {t("list.apply")}
        </button>
        {filtered ? (
          <Link to={resetTo} className="btn btn--mainTertiary btn--md">
            {t("list.reset")}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

interface FilterFieldProps {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
}

export function FilterInput({
  id,
  name,
  label,
  defaultValue,
  type = "search",
  maxLength = 100,
  inputMode,
  error,
}: FilterFieldProps & {
  type?: "search" | "date";
  maxLength?: number;
  inputMode?: "numeric";
  /** Why the value was not used: shown beside the field, which keeps the value to be corrected. */
  error?: string;
}) {
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        className="input"
        defaultValue={defaultValue}
        maxLength={type === "date" ? undefined : maxLength}
        inputMode={inputMode}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function FilterSelect({
  id,
  name,
  label,
  defaultValue,
  options,
}: FilterFieldProps & { options: Array<{ value: string | number; label: string }> }) {
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <select id={id} name={name} className="select" defaultValue={defaultValue}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
