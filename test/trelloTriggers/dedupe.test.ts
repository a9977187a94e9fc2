import type { IDataObject } from 'n8n-workflow';

import { forgetReceivedInMemory, REMEMBERED_IDS } from '../../nodes/shared/dedupe';
import { actions, BOARD, delivery } from './fixtures';
import { TriggerHarness } from '../harness/triggers';
import { deliverSigned, emitted, keyTokenCredentials, TRIGGER_TYPE, trelloTrigger } from './helpers';

const parameters = { boards: [BOARD.id], event: 'newComment' };

describe('Trello Trigger: one execution per action id', () => {
	beforeEach(() => forgetReceivedInMemory());

	it('runs an action Trello sends again only once, and a new action as usual', async () => {
		const harness = trelloTrigger(parameters);
		const body = delivery(actions.commentAdded());
		const first = await deliverSigned(harness, body);
		expect(emitted(first.result)).toHaveLength(1);
		const again = await deliverSigned(harness, body);
		expect(again.response.statusCode).toBe(200);
		expect(again.result).toEqual({ webhookResponse: 'OK' });
		const other = await deliverSigned(harness, delivery(actions.commentAdded()));
		expect(emitted(other.result)).toHaveLength(1);
	});

	it('recognises the action after a restart from the static data n8n persisted', async () => {
		const harness = trelloTrigger(parameters);
		const body = delivery(actions.commentAdded());
		await deliverSigned(harness, body);
		const action = body.action as IDataObject;
		expect(harness.staticData.receivedActions).toEqual({ ids: [action.id], next: 1 });
		forgetReceivedInMemory();
		expect((await deliverSigned(harness, body)).result).toEqual({ webhookResponse: 'OK' });
	});

	it('marks the workflow’s static data changed, as loaded from the database, so n8n would save it after the call', async () => {
		// Static data as a webhook call loads it from the workflow row: the node's entry is already there.
		const loaded = JSON.parse(JSON.stringify({ 'node:Trigger': { other: { kept: true } } })) as IDataObject;
		const harness = new TriggerHarness(TRIGGER_TYPE, { authentication: 'keyToken', ...parameters }, keyTokenCredentials as never, { staticData: loaded });
		const changed = () => (harness.workflow.staticData as IDataObject & { __dataChanged?: boolean }).__dataChanged;
		expect(changed()).toBe(false);
		const body = delivery(actions.commentAdded());
		expect(emitted((await deliverSigned(harness, body)).result)).toHaveLength(1);
		expect(changed()).toBe(true);
		expect(harness.staticData).toEqual({ other: { kept: true }, receivedActions: { ids: [(body.action as IDataObject).id], next: 1 } });
	});

	it('recognises an action another process recorded in the shared static data after this one started', async () => {
		const harness = trelloTrigger(parameters);
		// This process has handled a delivery already, so its memory is set up.
		await deliverSigned(harness, delivery(actions.commentAdded()));
		const body = delivery(actions.commentAdded());
		// Another process received this action; n8n saved its static data to the database, which
		// every later webhook call loads.
		const persisted = harness.staticData.receivedActions as { ids: string[]; next: number };
		persisted.ids.push((body.action as IDataObject).id as string);
		expect((await deliverSigned(harness, body)).result).toEqual({ webhookResponse: 'OK' });
	});

	it('records only actions that start an execution, and forgets the oldest beyond the last ' + REMEMBERED_IDS, async () => {
		const harness = trelloTrigger(parameters);
		await deliverSigned(harness, delivery(actions.cardCreated()));
		expect(harness.staticData.receivedActions).toBeUndefined();
		const bodies = Array.from({ length: REMEMBERED_IDS + 2 }, () => delivery(actions.commentAdded()));
		for (const body of bodies) expect(emitted((await deliverSigned(harness, body)).result)).toHaveLength(1);
		expect((harness.staticData.receivedActions as { ids: string[] }).ids).toHaveLength(REMEMBERED_IDS);
		forgetReceivedInMemory();
		expect(emitted((await deliverSigned(harness, bodies[0])).result)).toHaveLength(1);
		// Recording bodies[0] again took the slot of bodies[2], the oldest then; bodies[3] is still kept.
		expect((await deliverSigned(harness, bodies[3])).result).toEqual({ webhookResponse: 'OK' });
	});

	it('keeps separate records for two trigger nodes', async () => {
		const body = delivery(actions.commentAdded());
		const one = trelloTrigger(parameters);
		const two = trelloTrigger(parameters);
		two.node.id = `${one.node.id}-second`;
		expect(emitted((await deliverSigned(one, body)).result)).toHaveLength(1);
		expect(emitted((await deliverSigned(two, body)).result)).toHaveLength(1);
	});
});
