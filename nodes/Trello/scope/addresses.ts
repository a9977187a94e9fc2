/**
 * Trello ids, short links and web addresses, defined once for the pickers, the node's and the
 * credential's Allowed Boards and the triggers' watched models.
 */

export const TRELLO_ID = /^[0-9a-f]{24}$/i;
export const SHORT_LINK = /^[a-zA-Z0-9]+$/;

/** Address patterns as n8n's resource locators take them (a string, unanchored); group 1 is the short link. */
export const BOARD_URL_REGEX = 'https?://(?:www\\.)?trello\\.com/b/([a-zA-Z0-9]+)(?:[/?#].*)?';
export const CARD_URL_REGEX = 'https?://(?:www\\.)?trello\\.com/c/([a-zA-Z0-9]+)(?:[/?#].*)?';

const BOARD_ADDRESS = new RegExp(`^${BOARD_URL_REGEX}$`, 'i');
const CARD_ADDRESS = new RegExp(`^${CARD_URL_REGEX}$`, 'i');

/** https://trello.com/b/SHORT/name → SHORT; anything else as given. */
export function boardReference(text: string): string {
	return BOARD_ADDRESS.exec(text)?.[1] ?? text;
}

/** A board's or card's address → its short link (Trello takes short links as ids); anything else as given. */
export function boardOrCardReference(text: string): string {
	return (BOARD_ADDRESS.exec(text) ?? CARD_ADDRESS.exec(text))?.[1] ?? text;
}
