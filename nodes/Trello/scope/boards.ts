import { ListRefusal, settingEntries } from '../../shared/scope';
import { boardReference, SHORT_LINK, TRELLO_ID } from './addresses';

/** A list of boards: the credential's "Allowed Boards" or the node's. */

export interface BoardList {
	/** Board ids (lower case) and short links, as written. */
	entries: string[];
	source: string;
}

/** Parses "Allowed Boards": board ids, short links or board addresses. */
export function parseBoardList(raw: unknown, source: string, settingName: string, written = false): BoardList | undefined {
	const parts = settingEntries(raw, written);
	if (parts === undefined) return undefined;
	const entries: string[] = [];
	for (const part of parts) {
		const reference = boardReference(part);
		if (TRELLO_ID.test(reference)) entries.push(reference.toLowerCase());
		else if (SHORT_LINK.test(reference)) entries.push(reference);
		else {
			throw new ListRefusal(
				`"${part}" in "${settingName}" is not a Trello board, so nothing is allowed`,
				'Give board IDs (24 hexadecimal characters), short links, or addresses like https://trello.com/b/AbCd1234/name, separated by commas.',
			);
		}
	}
	if (!entries.length) {
		throw new ListRefusal(
			`"${settingName}" is set but names no board, so nothing is allowed`,
			'Give board IDs, short links or board addresses separated by commas, or clear the setting.',
		);
	}
	return { entries, source };
}

export function allowedBoardsText(list: BoardList): string {
	return `Allowed boards: ${list.entries.join(', ')}.`;
}
