import type { INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';

/**
 * How a picker knows whether another page follows: a full page means another may
 * ('fullPage'), the answer's total count says ('totalCount'), the answer carries the next
 * page's cursor ('cursor'), or the answer is the whole list ('whole').
 */
export type PickerPaging = { more: 'fullPage' | 'totalCount'; size: number } | { more: 'cursor' } | { more: 'whole' };

export const WHOLE_LIST: PickerPaging = { more: 'whole' };

/** A page of 100, another when the page came full (lists without a total). */
export const FULL_PAGES: PickerPaging = { more: 'fullPage', size: 100 };

/** A page of 100, another while the answer's total count reaches past it. */
export const COUNTED_PAGES: PickerPaging = { more: 'totalCount', size: 100 };

/** One page of entries as the service answered it, before filtering and shaping. */
export interface PickerPage<Entry> {
	entries: Entry[];
	/** The answer's total count ('totalCount' paging). */
	total?: number;
	/** The next page's cursor ('cursor' paging). */
	cursor?: string;
}

/** How an entry of the answer becomes a line of the picker. */
export interface PickerShape<Entry, Run> {
	/** Entries the picker never offers (a reply in a thread, a repository outside the allowlist). */
	keep?: (entry: Entry, run: Run) => boolean;
	/**
	 * Text the typed filter is looked for in (case-insensitive); the entry's name when absent.
	 * `false`: the service filtered already (the filter went into the request).
	 */
	searchText?: ((entry: Entry, run: Run) => string) | false;
	item: (entry: Entry, run: Run) => INodeListSearchItems;
}

/** The page a pagination token names (n8n sends none for the first). */
export function pickerPageNumber(token?: string): number {
	return Number(token ?? 1);
}

function nextToken<Entry>(paging: PickerPaging, page: number, answer: PickerPage<Entry>): string | undefined {
	switch (paging.more) {
		case 'fullPage':
			return answer.entries.length === paging.size ? String(page + 1) : undefined;
		case 'totalCount':
			return (answer.total ?? 0) > page * paging.size ? String(page + 1) : undefined;
		case 'cursor':
			return answer.cursor || undefined;
		default:
			return undefined;
	}
}

/** The picker's lines for one answered page, and the token of the next page when there is one. */
export function pickerResult<Entry, Run>(
	shape: PickerShape<Entry, Run>,
	paging: PickerPaging,
	run: Run & { filter?: string; page: number },
	answer: PickerPage<Entry>,
): INodeListSearchResult {
	const wanted = (run.filter ?? '').toLowerCase();
	const results: INodeListSearchItems[] = [];
	for (const entry of answer.entries) {
		if (shape.keep && !shape.keep(entry, run)) continue;
		const item = shape.item(entry, run);
		if (wanted && shape.searchText !== false) {
			const text = shape.searchText ? shape.searchText(entry, run) : item.name;
			if (!text.toLowerCase().includes(wanted)) continue;
		}
		results.push(item);
	}
	if (paging.more === 'whole') return { results };
	return { results, paginationToken: nextToken(paging, run.page, answer) };
}
