import { redirect } from "react-router";

import { ApiError } from "~/utils/api/errors";
import type { Page } from "~/utils/api/types";
import { pageCount, withParams } from "~/utils/lists/list-query";

/**
 * One page of a backend list. A page past the end (the backend's 404)
 * redirects to the last page there is, keeping the other filters.
 */
export async function loadListPage<T>(
  request: Request,
  page: number,
  pageSize: number,
  fetchPage: (page: number) => Promise<Page<T>>,
) {
  try {
    const result = await fetchPage(page);
    return {
      results: result.results,
      count: result.count,
      page,
      pages: pageCount(result.count, pageSize),
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404 && page > 1) {
      const first = await fetchPage(1);
      const last = pageCount(first.count, pageSize);
      const url = new URL(request.url);
      throw redirect(
        `${url.pathname}${withParams(url.searchParams, { page: last > 1 ? last : undefined })}`,
      );
    }
    throw error;
  }
}
