import { createHash } from 'crypto';

import type { ServiceName } from './errors';
import { ServiceAnswerError } from './errors';

/** Pages one list request may fetch (GitHub: 100,000 items at 100 a page). */
export const MAX_PAGES = 1000;

/**
 * Stops paging that would never end, in every paging loop of the nodes and triggers: a next
 * page already fetched (a server repeating its Link or cursor), a numbered page answered with
 * the entries of an earlier one (a server ignoring `page`), or more than MAX_PAGES pages.
 */
export class PageLimit {
	private readonly seen = new Set<string>();
	private readonly answers = new Set<string>();

	constructor(private readonly service: ServiceName) {}

	/** Call before fetching each page, with what identifies it (its URL, cursor or number). */
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

	/** Call with the entries of each numbered page: the same entries twice mean the page asked for was ignored. */
	answered(page: string, entries: unknown[]): void {
		if (!entries.length) return;
		const fingerprint = createHash('sha256').update(JSON.stringify(entries)).digest('hex');
		if (this.answers.has(fingerprint)) {
			throw new ServiceAnswerError(
				`${this.service} answered page ${page} with the same entries as an earlier page; paging stopped`,
				'The server ignores the page number. Use "Limit" instead of returning all, or report the endpoint.',
			);
		}
		this.answers.add(fingerprint);
	}
}
