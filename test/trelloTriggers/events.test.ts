import type { IDataObject } from 'n8n-workflow';

import type { ActionName } from './fixtures';
import { actions, BOARD, BOARD_MODEL, CARD, DOING, DONE, delivery, MEMBER_MODEL, ME, OTHER_CARD, TEAMMATE, TODO } from './fixtures';
import { deliverSigned, emitted, trelloTrigger } from './helpers';

const ALL: ActionName[] = Object.keys(actions) as ActionName[];

function bodyFor(name: ActionName): IDataObject {
	return delivery(actions[name](), name === 'boardCreated' ? MEMBER_MODEL : BOARD_MODEL);
}

async function firedBy(parameters: IDataObject): Promise<ActionName[]> {
	const harness = trelloTrigger({ boards: [BOARD.id], ...parameters });
	const fired: ActionName[] = [];
	for (const name of ALL) {
		const { result, response } = await deliverSigned(harness, bodyFor(name));
		expect(response.statusCode).toBe(200);
		if (emitted(result)) fired.push(name);
	}
	return fired;
}

describe('Trello Trigger: which deliveries start the workflow', () => {
	it('a change of the published node’s settings applies from the next delivery', async () => {
		const harness = trelloTrigger({ boards: [BOARD.id], event: 'newComment' });
		const fired = async () => emitted((await deliverSigned(harness, bodyFor('commentAdded'))).result) !== null;
		expect(await fired()).toBe(true);
		harness.node.parameters.event = 'newAttachment';
		expect(await fired()).toBe(false);
		harness.node.parameters.event = 'newBoardActivity';
		harness.node.parameters.activityTypes = ['commentAdded'];
		expect(await fired()).toBe(true);
		harness.node.parameters.activityTypes = ['cardCreated'];
		expect(await fired()).toBe(false);
	});

	it.each<[string, IDataObject, ActionName[]]>([
		['New Comment Added to Card', { event: 'newComment' }, ['commentAdded']],
		['New Card', { event: 'newCard' }, ['cardCreated']],
		['New Card, only in the list To Do', { event: 'newCard', filters: { lists: [TODO.id] } }, ['cardCreated']],
		['New Card, only in the list Done', { event: 'newCard', filters: { lists: [DONE.id] } }, []],
		['Card Moved (only the move, not other card updates)', { event: 'cardMoved' }, ['cardMoved']],
		['Card Moved into Doing', { event: 'cardMoved', filters: { movedToLists: [DOING.id] } }, ['cardMoved']],
		['Card Moved into Done', { event: 'cardMoved', filters: { movedToLists: [DONE.id] } }, []],
		['Card Moved from To Do into Doing', { event: 'cardMoved', filters: { movedFromLists: [TODO.id], movedToLists: [DOING.id] } }, ['cardMoved']],
		['Card Moved from Doing', { event: 'cardMoved', filters: { movedFromLists: [DOING.id] } }, []],
		['New Member on Card', { event: 'newMemberOnCard' }, ['memberAdded']],
		['New Label Created', { event: 'newLabelCreated' }, ['labelCreated']],
		['New Label Added To Card', { event: 'newLabelAddedToCard' }, ['labelAdded']],
		['New Checklist', { event: 'newChecklist' }, ['checklistAdded']],
		['New Board', { event: 'newBoard' }, ['boardCreated']],
		['New Attachment', { event: 'newAttachment' }, ['attachmentAdded']],
		['New Board Activity, any activity', { event: 'newBoardActivity', activityTypes: [] }, ALL],
		[
			'New Board Activity: Card Updated (every property change, the move and archive included)',
			{ event: 'newBoardActivity', activityTypes: ['cardUpdated'] },
			['cardRenamed', 'cardDueChanged', 'cardMoved', 'cardArchived', 'labelAdded', 'checklistAdded', 'attachmentAdded', 'memberAdded'],
		],
		['New Board Activity: Card Moved (only the move)', { event: 'newBoardActivity', activityTypes: ['cardMoved'] }, ['cardMoved']],
		['New Board Activity: Card Created', { event: 'newBoardActivity', activityTypes: ['cardCreated'] }, ['cardCreated']],
		['New Board Activity: Card Archived', { event: 'newBoardActivity', activityTypes: ['cardArchived'] }, ['cardArchived']],
		[
			'New Board Activity: comments and member changes together',
			{ event: 'newBoardActivity', activityTypes: ['commentAdded', 'memberAddedToCard'] },
			['commentAdded', 'memberAdded'],
		],
		['New Board Activity: check item state', { event: 'newBoardActivity', activityTypes: ['checkItemStateChanged'] }, ['checkItemCompleted']],
		['New Board Activity: list created', { event: 'newBoardActivity', activityTypes: ['listCreated'] }, ['listCreated']],
		['New Board Activity: label added', { event: 'newBoardActivity', activityTypes: ['labelAdded'] }, ['labelAdded']],
		['New Board Activity: attachment added', { event: 'newBoardActivity', activityTypes: ['attachmentAdded'] }, ['attachmentAdded']],
		['Custom Webhook Events: raw action type only', { event: 'custom', eventTypes: [], filters: { actionTypes: 'createList' } }, ['listCreated']],
		[
			'Custom Webhook Events: Card Created or Comment Added, only on one card',
			{ event: 'custom', eventTypes: ['cardCreated', 'commentAdded'], filters: { cards: CARD.shortLink } },
			['cardCreated', 'commentAdded'],
		],
		[
			'Custom Webhook Events: any event in the list Done',
			{ event: 'custom', filters: { lists: DONE.id } },
			['cardArchived', 'listCreated'],
		],
	])('%s', async (_title, parameters, expected) => {
		expect(await firedBy(parameters)).toEqual(expected);
	});

	it('Card Moved and Card Updated both fire for the same move, each telling which event types matched', async () => {
		const move = delivery(actions.cardMoved());
		const moved = emitted((await deliverSigned(trelloTrigger({ boards: [BOARD.id], event: 'newBoardActivity', activityTypes: ['cardMoved'] }), move)).result);
		const updated = emitted(
			(await deliverSigned(trelloTrigger({ boards: [BOARD.id], event: 'newBoardActivity', activityTypes: ['cardUpdated'] }), move)).result,
		);
		const both = emitted(
			(await deliverSigned(trelloTrigger({ boards: [BOARD.id], event: 'newBoardActivity', activityTypes: ['cardUpdated', 'cardMoved'] }), move))
				.result,
		);
		const action = move.action as IDataObject;
		const common = {
			trigger: 'newBoardActivity',
			actionId: action.id,
			actionType: 'updateCard',
			date: '2026-11-21T14:03:27.512Z',
			memberCreator: { id: ME.id, username: ME.username, fullName: ME.fullName },
			board: { id: BOARD.id, name: BOARD.name, shortLink: BOARD.shortLink },
			list: { id: DOING.id, name: DOING.name },
			listBefore: { id: TODO.id, name: TODO.name },
			listAfter: { id: DOING.id, name: DOING.name },
			card: { id: CARD.id, name: CARD.name, shortLink: CARD.shortLink, idShort: 42 },
			old: { idList: TODO.id },
			model: { id: BOARD.id, name: BOARD.name },
			webhookId: '65a1f0c2aaaaaaaaaaaa0001',
			action,
		};
		expect(moved).toEqual([{ ...common, eventTypes: ['cardMoved'] }]);
		expect(updated).toEqual([{ ...common, eventTypes: ['cardUpdated'] }]);
		expect(both).toEqual([{ ...common, eventTypes: ['cardUpdated', 'cardMoved'] }]);
	});

	it('Card Moved as a first-level trigger emits the move with both lists and only the fields a move has', async () => {
		const move = delivery(actions.cardMoved(TODO, DONE));
		const harness = trelloTrigger({ boards: [BOARD.id], event: 'cardMoved', filters: { movedToLists: [DONE.id] } });
		expect(emitted((await deliverSigned(harness, move)).result)).toEqual([
			{
				trigger: 'cardMoved',
				eventTypes: ['cardUpdated', 'cardMoved'],
				actionId: (move.action as IDataObject).id,
				actionType: 'updateCard',
				date: '2026-11-21T14:03:27.512Z',
				memberCreator: { id: ME.id, username: ME.username, fullName: ME.fullName },
				board: { id: BOARD.id, name: BOARD.name, shortLink: BOARD.shortLink },
				list: { id: DONE.id, name: DONE.name },
				listBefore: { id: TODO.id, name: TODO.name },
				listAfter: { id: DONE.id, name: DONE.name },
				card: { id: CARD.id, name: CARD.name, shortLink: CARD.shortLink, idShort: 42 },
				old: { idList: TODO.id },
				model: { id: BOARD.id, name: BOARD.name },
				webhookId: '65a1f0c2aaaaaaaaaaaa0001',
				action: move.action,
			},
		]);
	});

	it('Card Moved refuses move filters that can never match; New Card does not apply a move filter left from Card Moved', async () => {
		const sameList = trelloTrigger({ boards: [BOARD.id], event: 'cardMoved', filters: { movedFromLists: [TODO.id], movedToLists: [TODO.id] } });
		await expect(sameList.create()).rejects.toThrow('Card Moved can never fire: "Moved From Lists" and "Moved To Lists" are both only the list');
		const newCard = trelloTrigger({ boards: [BOARD.id], event: 'newCard', filters: { movedToLists: [DONE.id] } });
		expect(emitted((await deliverSigned(newCard, bodyFor('cardCreated'))).result)).toHaveLength(1);
	});

	it('a filter the trigger does not offer is not applied: Cards left on New Card', async () => {
		const newCard = trelloTrigger({ boards: [BOARD.id], event: 'newCard', filters: { cards: OTHER_CARD.id, lists: TODO.id } });
		expect(emitted((await deliverSigned(newCard, bodyFor('cardCreated'))).result)).toHaveLength(1);
		const custom = trelloTrigger({ boards: [BOARD.id], event: 'custom', filters: { cards: OTHER_CARD.id } });
		expect(emitted((await deliverSigned(custom, bodyFor('cardCreated'))).result)).toBeNull();
	});

	it('a rename is a Card Updated but not a Card Moved', async () => {
		const rename = delivery(actions.cardRenamed());
		expect(emitted((await deliverSigned(trelloTrigger({ boards: [BOARD.id], event: 'newBoardActivity', activityTypes: ['cardMoved'] }), rename)).result)).toBeNull();
		expect(
			emitted((await deliverSigned(trelloTrigger({ boards: [BOARD.id], event: 'newBoardActivity', activityTypes: ['cardUpdated'] }), rename)).result),
		).toHaveLength(1);
	});

	it('Card Moved filtered by destination list: only moves into that list fire; Card Updated still fires for the others', async () => {
		const parameters = {
			boards: [BOARD.id],
			event: 'custom',
			eventTypes: ['cardMoved', 'cardUpdated'],
			filters: { movedToLists: DONE.id },
		};
		const intoDone = emitted((await deliverSigned(trelloTrigger(parameters), delivery(actions.cardMoved(DOING, DONE)))).result);
		const intoDoing = emitted((await deliverSigned(trelloTrigger(parameters), delivery(actions.cardMoved(TODO, DOING)))).result);
		expect(intoDone?.[0].eventTypes).toEqual(['cardUpdated', 'cardMoved']);
		expect(intoDoing?.[0].eventTypes).toEqual(['cardUpdated']);

		const onlyMoves = { ...parameters, eventTypes: ['cardMoved'], filters: { movedFromLists: `${TODO.id}, ${DOING.id}`, movedToLists: DONE.id } };
		expect(emitted((await deliverSigned(trelloTrigger(onlyMoves), delivery(actions.cardMoved(DOING, DONE)))).result)).toHaveLength(1);
		expect(emitted((await deliverSigned(trelloTrigger(onlyMoves), delivery(actions.cardMoved(TODO, DOING)))).result)).toBeNull();
		expect(emitted((await deliverSigned(trelloTrigger(onlyMoves), delivery(actions.cardMoved(DONE, DONE)))).result)).toBeNull();
	});

	it('Custom Webhook Events: boards, event types, lists and cards combine (all must hold)', async () => {
		const parameters = { boards: [BOARD.id], event: 'custom', eventTypes: ['commentAdded'], filters: { lists: TODO.id, cards: CARD.id } };
		expect(emitted((await deliverSigned(trelloTrigger(parameters), delivery(actions.commentAdded(CARD)))).result)).toHaveLength(1);
		expect(emitted((await deliverSigned(trelloTrigger(parameters), delivery(actions.commentAdded({ ...OTHER_CARD })))).result)).toBeNull();
		expect(emitted((await deliverSigned(trelloTrigger(parameters), delivery(actions.cardRenamed()))).result)).toBeNull();
	});

	it('New Board emits the created board in the common shape', async () => {
		const body = delivery(actions.boardCreated(), MEMBER_MODEL);
		const [item] = emitted((await deliverSigned(trelloTrigger({ event: 'newBoard' }), body)).result)!;
		expect(item).toMatchObject({
			trigger: 'newBoard',
			actionType: 'createBoard',
			board: { id: '5f2b8c1e9d3a4b0012a1b002', name: 'Support Queue', shortLink: 'Sq7hTt1W' },
			action: body.action,
		});
		// The account model has no name in Trello's delivery: the field is left out, not null.
		expect(item.model).toEqual({ id: ME.id });
		// A board creation has no list, card, label or text: those fields are left out, not null.
		expect(Object.keys(item).sort()).toEqual(
			['action', 'actionId', 'actionType', 'board', 'date', 'eventTypes', 'memberCreator', 'model', 'trigger', 'webhookId'].sort(),
		);
	});

	it('a delivery without an action (Trello sends none besides) is answered 200 and starts nothing', async () => {
		const { result, response } = await deliverSigned(trelloTrigger({ boards: [BOARD.id], event: 'newBoardActivity' }), { model: BOARD_MODEL });
		expect(response.statusCode).toBe(200);
		expect(result).toEqual({ webhookResponse: 'OK' });
	});
});

describe('Trello Trigger: the Members filter (who did it: the action\'s idMemberCreator, memberCreator.id, memberCreator.username)', () => {
	/** The same action, done by the teammate instead of the connected member (as Trello names its creator). */
	function byTeammate(name: ActionName): IDataObject {
		const body = bodyFor(name);
		const action = body.action as IDataObject;
		const memberCreator = { ...(action.memberCreator as IDataObject), id: TEAMMATE.id, username: TEAMMATE.username, fullName: TEAMMATE.fullName, initials: 'SL' };
		return { ...body, action: { ...action, idMemberCreator: TEAMMATE.id, memberCreator } };
	}

	/** Every fixture action once by the connected member and once by the teammate: "name by username" for each that fired. */
	async function firedByWhom(parameters: IDataObject): Promise<string[]> {
		const harness = trelloTrigger({ boards: [BOARD.id], ...parameters });
		const fired: string[] = [];
		for (const name of ALL) {
			for (const [who, body] of [[ME.username, bodyFor(name)], [TEAMMATE.username, byTeammate(name)]] as const) {
				const { result, response } = await deliverSigned(harness, body);
				expect(response.statusCode).toBe(200);
				if (emitted(result)) fired.push(`${name} by ${who}`);
			}
		}
		return fired;
	}

	it.each<[string, IDataObject, string[]]>([
		['New Board Activity, no Members: every action of both', { event: 'newBoardActivity' }, ALL.flatMap((name) => [`${name} by ${ME.username}`, `${name} by ${TEAMMATE.username}`])],
		['New Board Activity, Members by username: only the teammate\'s actions', { event: 'newBoardActivity', filters: { members: TEAMMATE.username } }, ALL.map((name) => `${name} by ${TEAMMATE.username}`)],
		['New Board Activity, Members by member ID: only the connected member\'s actions', { event: 'newBoardActivity', filters: { members: ME.id } }, ALL.map((name) => `${name} by ${ME.username}`)],
		['New Board Activity, Members naming someone else: nothing', { event: 'newBoardActivity', filters: { members: 'someoneelse, 5a1e2f3a4b5c6d7e8f909999' } }, []],
		['New Comment Added to Card, Members: the teammate\'s comment only', { event: 'newComment', filters: { members: `someoneelse, ${TEAMMATE.id}` } }, [`commentAdded by ${TEAMMATE.username}`]],
		[
			'Custom Webhook Events, comments and new cards by the teammate',
			{ event: 'custom', eventTypes: ['commentAdded', 'cardCreated'], filters: { members: TEAMMATE.username } },
			[`cardCreated by ${TEAMMATE.username}`, `commentAdded by ${TEAMMATE.username}`],
		],
	])('%s', async (_title, parameters, expected) => {
		expect(await firedByWhom(parameters)).toEqual(expected);
	});

	it('the item of a comment that passes names the teammate as its creator', async () => {
		const body = byTeammate('commentAdded');
		const [item] = emitted((await deliverSigned(trelloTrigger({ boards: [BOARD.id], event: 'newComment', filters: { members: TEAMMATE.username } }), body)).result)!;
		expect(item).toMatchObject({ trigger: 'newComment', actionType: 'commentCard', memberCreator: { id: TEAMMATE.id, username: TEAMMATE.username, fullName: TEAMMATE.fullName }, action: body.action });
	});
});
