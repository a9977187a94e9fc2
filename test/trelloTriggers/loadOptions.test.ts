import type { IDataObject, IWorkflowExecuteAdditionalData } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';
import { LoadOptionsContext } from 'n8n-core';
import nock from 'nock';

import { HarnessCredentialsHelper } from '../harness/credentialsHelper';
import { HarnessNodeTypes } from '../harness/nodeTypes';
import { packageNode } from '../harness/workflow';
import { getLists, getWatchableMembers, getWorkspaces } from '../../nodes/Trello/triggers/loadOptions';
import { API_KEY, API_TOKEN, keyTokenCredentials } from './helpers';

/** n8n-core's option-loading context on a Trello Toolkit Trigger with these parameters. */
function context(parameters: IDataObject) {
	const node = packageNode('Trigger', 'trelloTrigger', { authentication: 'keyToken', ...parameters }, { trelloKeyTokenApi: 'key-token' });
	const workflow = new Workflow({ id: 'options', nodes: [node], connections: {}, nodeTypes: new HarnessNodeTypes(), active: false, settings: {} });
	const additionalData = {
		credentialsHelper: new HarnessCredentialsHelper(keyTokenCredentials),
		currentNodeParameters: node.parameters,
		restApiUrl: 'http://127.0.0.1:5678/rest',
		instanceBaseUrl: 'http://127.0.0.1:5678/',
		variables: {},
	} as unknown as IWorkflowExecuteAdditionalData;
	return new LoadOptionsContext(workflow, node, additionalData, 'parameters.filters.movedToLists');
}

const BOARDS = [
	{ id: 'b1', shortLink: 'Rm4pXk2Q', name: 'Product Roadmap', lists: [{ id: 'l1', name: 'Done' }, { id: 'l2', name: 'Doing' }] },
	{ id: 'b2', shortLink: 'Sq7hTt1W', name: 'Support Queue', lists: [{ id: 'l3', name: 'Done' }] },
];

function trello() {
	return nock('https://api.trello.com', { reqheaders: { authorization: `OAuth oauth_consumer_key="${API_KEY}", oauth_token="${API_TOKEN}"` } })
		.get('/1/members/me/boards')
		.query({ filter: 'open', fields: 'name,shortLink', lists: 'open', list_fields: 'name' })
		.reply(200, BOARDS);
}

describe('Trello Toolkit Trigger list pickers ("Lists to Watch", "Moved To Lists", …)', () => {
	afterEach(() => nock.cleanAll());

	it('offer the lists of the chosen boards in one request, each named with its board', async () => {
		const scope = trello();
		const options = await getLists.call(context({ event: 'custom', boards: ['b1'] }));
		expect(scope.isDone()).toBe(true);
		expect(options).toEqual([
			{ name: 'Doing (Product Roadmap)', value: 'l2' },
			{ name: 'Done (Product Roadmap)', value: 'l1' },
		]);
	});

	it('offer every open board’s lists when no board is chosen (lists watched directly), so two "Done" lists differ', async () => {
		const scope = trello();
		const options = await getLists.call(context({ event: 'custom', watch: 'list', boards: [] }));
		expect(scope.isDone()).toBe(true);
		expect(options.map((option) => option.name)).toEqual(['Doing (Product Roadmap)', 'Done (Product Roadmap)', 'Done (Support Queue)']);
	});
});

describe('Trello Toolkit Trigger model pickers ("Members to Watch", "Workspaces to Watch")', () => {
	afterEach(() => nock.cleanAll());
	const api = () => nock('https://api.trello.com', { reqheaders: { authorization: `OAuth oauth_consumer_key="${API_KEY}", oauth_token="${API_TOKEN}"` } });

	it('offer the connected account as the member to watch', async () => {
		const scope = api().get('/1/members/me').query({ fields: 'id,username,fullName' }).reply(200, { id: 'm1', username: 'alexkim', fullName: 'Alex Kim' });
		expect(await getWatchableMembers.call(context({ event: 'custom', watch: 'member' }))).toEqual([
			{ name: 'Alex Kim (@alexkim, the connected account)', value: 'm1' },
		]);
		expect(scope.isDone()).toBe(true);
	});

	it('offer the account’s workspaces by name', async () => {
		const scope = api()
			.get('/1/members/me/organizations')
			.query(true)
			.reply(200, [
				{ id: 'o2', name: 'zeta', displayName: 'Zeta Labs', url: 'https://trello.com/w/zeta' },
				{ id: 'o1', name: 'acmeteam', displayName: 'Acme Team', url: 'https://trello.com/w/acmeteam' },
			]);
		expect(await getWorkspaces.call(context({ event: 'custom', watch: 'organization' }))).toEqual([
			{ name: 'Acme Team', value: 'o1', description: 'https://trello.com/w/acmeteam' },
			{ name: 'Zeta Labs', value: 'o2', description: 'https://trello.com/w/zeta' },
		]);
		expect(scope.isDone()).toBe(true);
	});
});
