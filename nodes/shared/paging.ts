import type { ServiceName } from './errors';
import { ServiceAnswerError } from './errors';

/** Pages one list request may fetch (GitHub: 100,000 items at 100 a page). */
export const MAX_PAGES = 1000;

/**
 * Stops paging that would never end: a next page already fetched (a server repeating its
 * Link or cursor) or more than MAX_PAGES pages.
 */
export class PageGuard {
	private readonly seen = new Set<string>();

	constructor(private readonly service: ServiceName) {}

	/** Call before fetching each page, with what identifies it (its URL or cursor). */
	admit(page: string): void {
		if (this.seen.has(page)) {
			throw new ServiceAnswerError(
				`${this.service} pointed paging back to a page already fetched; paging stopped`,
				'The server repeats its next-page link. Use "Limit" instead of returning all, or report the endpoint.',
			);
		}
		if (this.seen.size >= MAX_PAGES) {
			throw new ServiceAnswerError(
				`${this.service} returned more than ${MAX_PAGES} pages; paging stopped`,
				`One list is capped at ${MAX_PAGES} pages. Narrow the request with filters or use "Limit".`,
			);
		}
		this.seen.add(page);
	}
}
