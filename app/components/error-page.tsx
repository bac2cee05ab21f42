import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Link, useLocation, useRouteError } from "react-router";

import { Icon, type IconName } from "~/components/ui/icon";
import { readErrorText, SaidText } from "~/utils/i18n/foreign-text";

interface ErrorDescription {
  status: number;
  icon: IconName;
  title: string;
  text: string;
  retry: boolean;
}

/** The edge's refusal a page of it names (server/edge.ts): `busy` for a process too busy to serve. */
const edgeRefusal = /<meta name="refusal" content="(\w+)">/;

/** What to tell the resident about an error, by its status. */
export function describeError(error: unknown): {
  status: number;
  message?: string;
  requestId?: string;
  busy?: boolean;
} {
  if (isRouteErrorResponse(error)) {
    const body = error.data as { message?: string; requestId?: string } | string | null;
    // A client navigation's data request refused by the edge gets its page as the error's text.
    if (typeof body === "string")
      return { status: error.status, busy: edgeRefusal.exec(body)?.[1] === "busy" };
    return {
      status: error.status,
      message: typeof body === "object" && body ? body.message : undefined,
      requestId: typeof body === "object" && body ? body.requestId : undefined,
    };
  }
  return { status: 500 };
}

export function ErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const { status, message, requestId, busy } = describeError(error);
  const described = useErrorDescription(status, message, busy);
  return (
    <section className="error-page" aria-labelledby="error-title">
      {/* The document is named for what happened, not for the page that was asked for. */}
      <title>{described.title}</title>
      <Icon
        name={described.icon}
        size="xxl"
        color={status === 404 || status === 403 ? "danger" : "main"}
      />
      <p className="error-page__status">{status}</p>
      <h1 id="error-title" className="error-page__title">
        {described.title}
      </h1>
      <p className="error-page__text">
        <SaidText {...readErrorText(described.text)} />
      </p>
      <ErrorActions retry={described.retry} />
      {requestId ? (
        <p className="error-page__id">{t("errors.requestId", { id: requestId })}</p>
      ) : null}
    </section>
  );
}

/** The icon, title and text of an error's status, and whether trying again may help. */
function useErrorDescription(
  status: number,
  message?: string,
  busy?: boolean,
): Omit<ErrorDescription, "status"> {
  const { t } = useTranslation();
  if (busy) {
    return {
      icon: "clock",
      title: t("errors:edge.busy.title"),
      text: t("errors:edge.busy.text"),
      retry: true,
    };
  }
  const byStatus: Record<number, Omit<ErrorDescription, "status">> = {
    404: {
      icon: "octagon-x",
      title: t("errors.notFoundTitle"),
      text: t("errors.notFoundText"),
      retry: false,
    },
    403: {
      icon: "shield",
      title: t("errors.forbiddenTitle"),
      text: t("errors.forbiddenText"),
      retry: false,
    },
    503: {
      icon: "triangle-alert",
      title: t("errors.unavailableTitle"),
      text: t("errors.unavailableText"),
      retry: true,
    },
    502: {
      icon: "triangle-alert",
      title: t("errors.unavailableTitle"),
      text: t("errors.unavailableText"),
      retry: true,
    },
    504: {
      icon: "clock",
      title: t("errors.timeoutTitle"),
      text: t("errors.timeoutText"),
      retry: true,
    },
    400: {
      icon: "circle-alert",
      title: t("errors.badRequestTitle"),
      text: message ?? t("errors.genericText"),
      retry: false,
    },
  };
  // A refusal that says why (a form over the bounds: 413; a body that is no form: 415) is the visitor's to
  // fix: said as it is, with nothing to retry, never "we already know about it".
  const refusal =
    status >= 400 && status < 500 && message
      ? {
          icon: "circle-alert" as const,
          title: t("errors.badRequestTitle"),
          text: message,
          retry: false,
        }
      : undefined;
  return (
    byStatus[status] ??
    refusal ?? {
      icon: "triangle-alert" as const,
      title: t("errors.genericTitle"),
      text: t("errors.genericText"),
      retry: true,
    }
  );
}

/** Trying the same address again (when it may help), and the way home. */
function ErrorActions({ retry }: { retry: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <div className="error-page__actions">
      {retry ? (
        <a
          href={`${location.pathname}${location.search}`}
          className="btn btn--mainSecondary btn--md"
        >
          {t("errors.retry")}
        </a>
      ) : null}
      <Link to="/" className="btn btn--mainPrimary btn--md">
        <Icon name="house" />
        {t("errors.returnHome")}
      </Link>
    </div>
  );
}

export function RouteErrorBoundary() {
  const error = useRouteError();
  return <ErrorPage error={error} />;
}
