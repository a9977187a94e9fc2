import { resetTrelloRateLimitState } from '../../nodes/Trello/transport';
import { BOARD, CARD, OTHER_BOARD } from '../trelloActions/fixtures';
import { ATTACHMENT } from '../trelloActions/fixtures/ids';
import { expectedSent, rl, runTrello, trelloApi } from '../trelloActions/support';

beforeEach(() => resetTrelloRateLimitState());

const OTHER_CARD = '61b2c3d4e5f60718293a4b00';
const METADATA = { fields: 'id,name,url,mimeType,bytes,isUpload,date' };
const download = (cardId: string) => ({
	id: ATTACHMENT,
	name: 'payroll.pdf',
	isUpload: true,
	mimeType: 'application/pdf',
	url: `https://trello.com/1/cards/${cardId}/attachments/${ATTACHMENT}/download/payroll.pdf`,
});

describe('Attachment → Download under the node’s Allowed Boards', () => {
	it('an attachment whose address names a card of another board is refused; its file is never fetched', async () => {
		const api = trelloApi([
			{ method: 'GET', path: `/1/cards/${CARD}`, query: { fields: 'idBoard' }, reply: { id: CARD, idBoard: BOARD } },
			{ method: 'GET', path: `/1/cards/${CARD}/attachments/${ATTACHMENT}`, query: METADATA, reply: download(OTHER_CARD) },
			{ method: 'GET', path: `/1/cards/${OTHER_CARD}`, query: { fields: 'idBoard' }, reply: { id: OTHER_CARD, idBoard: OTHER_BOARD } },
		]);
		const run = await runTrello({
			resource: 'attachment',
			operation: 'download',
			card: rl(CARD),
			attachment: rl(ATTACHMENT),
			binaryPropertyName: 'data',
			options: { allowedBoards: BOARD },
		});
		expect(run.error('Trello')?.message).toBe(
			`Refused: the card "${OTHER_CARD}" is on board "${OTHER_BOARD}", outside the node's "Allowed Boards". Allowed boards: ${BOARD}.`,
		);
		expect(api.sent()).toEqual(
			expectedSent([
				{ method: 'GET', path: `/1/cards/${CARD}`, query: { fields: 'idBoard' } },
				{ method: 'GET', path: `/1/cards/${CARD}/attachments/${ATTACHMENT}`, query: METADATA },
				{ method: 'GET', path: `/1/cards/${OTHER_CARD}`, query: { fields: 'idBoard' } },
			]),
		);
	});

	it('the card’s own file is fetched without another look-up', async () => {
		const api = trelloApi([
			{ method: 'GET', path: `/1/cards/${CARD}`, query: { fields: 'idBoard' }, reply: { id: CARD, idBoard: BOARD } },
			{ method: 'GET', path: `/1/cards/${CARD}/attachments/${ATTACHMENT}`, query: METADATA, reply: download(CARD) },
			{ method: 'GET', path: `/1/cards/${CARD}/attachments/${ATTACHMENT}/download/payroll.pdf`, reply: 'pdf' },
		]);
		const run = await runTrello({
			resource: 'attachment',
			operation: 'download',
			card: rl(CARD),
			attachment: rl(ATTACHMENT),
			binaryPropertyName: 'data',
			options: { allowedBoards: BOARD },
		});
		expect(run.json('Trello')).toEqual([download(CARD)]);
		expect(api.sent()).toHaveLength(3);
	});
});
