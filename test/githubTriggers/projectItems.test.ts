import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { PROJECT_ITEMS_POLL_QUERY } from '../../nodes/GitHub/triggers/polling/projectItems';
import { TriggerHarness } from '../harness/triggers';
import { credentialsFor, pollTrigger } from './helpers';

const API = 'https://api.github.com';
const PROJECT = { trigger: 'projectItemChanged', projectOwner: 'octo-org', projectNumber: 5 };

interface Item {
	id: string;
	number?: number;
	repository?: string;
	archived?: boolean;
	fields: Record<string, string | number>;
	updatedAt?: string;
}

/** A project item node as GitHub's GraphQL API answers it (field values name their field). */
function node(item: Item): IDataObject {
	const value = (name: string, v: string | number) => {
		const field = { field: { name } };
		if (typeof v === 'number') return { number: v, ...field };
		if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return { date: v, ...field };
		return name === 'Status' || name === 'Priority' ? { name: v, ...field } : { text: v, ...field };
	};
	return {
		id: item.id,
		type: item.number === undefined ? 'DRAFT_ISSUE' : 'ISSUE',
		isArchived: item.archived ?? false,
		updatedAt: item.updatedAt ?? '2026-11-20T10:00:00Z',
		content:
			item.number === undefined
				? { id: `DI_${item.id}`, title: `draft ${item.id}` }
				: { id: `I_${item.id}`, number: item.number, title: `issue ${item.number}`, url: `https://github.com/${item.repository}/issues/${item.number}`, state: 'OPEN', repository: { nameWithOwner: item.repository } },
		// GitHub lists empty objects for field values of types the query does not ask for.
		fieldValues: { nodes: [{}, ...Object.entries(item.fields).map(([name, v]) => value(name, v))] },
	};
}

const page = (items: Item[], next?: string) => ({
	data: {
		repositoryOwner: {
			projectV2: {
				id: 'PVT_5',
				title: 'Roadmap',
				items: { nodes: items.map(node), pageInfo: { hasNextPage: next !== undefined, endCursor: next ?? null } },
			},
		},
	},
});

/** Answers the project query once, checking the exact document and variables. */
function answer(items: Item[], after: string | null = null, next?: string) {
	return nock(API)
		.post('/graphql', (body: IDataObject) => {
			expect(body).toEqual({ query: PROJECT_ITEMS_POLL_QUERY, variables: { owner: 'octo-org', number: 5, first: 100, after } });
			return true;
		})
		.reply(200, page(items, next));
}

const json = (result: Awaited<ReturnType<TriggerHarness['poll']>>) => (result === null ? null : result[0].map((item) => item.json));

const change = (action: string, item: Item, changes?: IDataObject, fields = item.fields) => ({
	trigger: 'Project Item Changed',
	payload: {
		action,
		projects_v2_item: {
			id: item.id,
			node_id: item.id,
			project_node_id: 'PVT_5',
			content_node_id: item.number === undefined ? `DI_${item.id}` : `I_${item.id}`,
			content_type: item.number === undefined ? 'DRAFT_ISSUE' : 'ISSUE',
			archived: item.archived ?? false,
		},
		...(changes ? { changes } : {}),
		project: { owner: 'octo-org', number: 5, title: 'Roadmap' },
		content: {
			id: item.number === undefined ? `DI_${item.id}` : `I_${item.id}`,
			type: item.number === undefined ? 'DRAFT_ISSUE' : 'ISSUE',
			number: item.number ?? null,
			title: item.number === undefined ? `draft ${item.id}` : `issue ${item.number}`,
			url: item.number === undefined ? null : `https://github.com/${item.repository}/issues/${item.number}`,
			state: item.number === undefined ? null : 'OPEN',
			repository: item.repository ?? null,
		},
		fields,
	},
});

describe('GitHub Poll Trigger: Project Item Changed', () => {
	beforeEach(() => {
		nock.cleanAll();
		resetGitHubRateLimitState();
	});
	afterEach(() => expect(nock.pendingMocks()).toEqual([]));

	const one: Item = { id: 'PVTI_1', number: 1, repository: 'octo-org/api', fields: { Status: 'Todo', Estimate: 3 } };
	const two: Item = { id: 'PVTI_2', number: 2, repository: 'octo-org/web', fields: { Status: 'Todo' } };

	it('remembers the project on the first poll, then reports each field change, an added, an archived and a removed item once', async () => {
		const harness = pollTrigger(PROJECT);
		answer([one, two]);
		expect(await harness.poll()).toBeNull();

		const oneMoved = { ...one, fields: { Status: 'In Progress', Estimate: 5 } };
		const draft: Item = { id: 'PVTI_3', fields: { Notes: 'idea' } };
		answer([oneMoved, draft]);
		expect(json(await harness.poll())).toEqual([
			change('edited', oneMoved, { field_value: { field_name: 'Estimate', from: 3, to: 5 } }),
			change('edited', oneMoved, { field_value: { field_name: 'Status', from: 'Todo', to: 'In Progress' } }),
			change('created', draft),
			change('deleted', two),
		]);

		answer([oneMoved, draft]);
		expect(await harness.poll()).toBeNull();

		const archived = { ...oneMoved, archived: true, fields: { Estimate: 5 } };
		answer([archived, draft]);
		expect(json(await harness.poll())).toEqual([
			change('archived', archived),
			change('edited', archived, { field_value: { field_name: 'Status', from: 'In Progress', to: null } }),
		]);
	});

	it('with Fields set, reports value changes of those fields only (any letter case), and still added and removed items', async () => {
		const harness = pollTrigger({ ...PROJECT, projectFields: 'status , Priority' });
		answer([one]);
		expect(await harness.poll()).toBeNull();
		const changed = { ...one, fields: { Status: 'Done', Estimate: 8 } };
		answer([changed, two]);
		expect(json(await harness.poll())).toEqual([
			change('edited', changed, { field_value: { field_name: 'Status', from: 'Todo', to: 'Done' } }),
			change('created', two),
		]);
	});

	it('reads every page of the project, and a poll that fails on a later page changes nothing: the next poll reports the change once', async () => {
		const harness = pollTrigger(PROJECT);
		answer([one], null, 'c1');
		answer([two], 'c1');
		expect(await harness.poll()).toBeNull();

		const twoDone = { ...two, fields: { Status: 'Done' } };
		answer([one], null, 'c1');
		nock(API).post('/graphql').reply(502, { message: 'Server Error' });
		await expect(harness.poll()).rejects.toThrow();

		answer([one], null, 'c1');
		answer([twoDone], 'c1');
		expect(json(await harness.poll())).toEqual([change('edited', twoDone, { field_value: { field_name: 'Status', from: 'Todo', to: 'Done' } })]);
		answer([one], null, 'c1');
		answer([twoDone], 'c1');
		expect(await harness.poll()).toBeNull();
	});

	it('shows the most recently updated item in a manual run and leaves the static data alone', async () => {
		const harness = pollTrigger(PROJECT);
		const recent = { ...two, updatedAt: '2026-11-21T09:00:00Z' };
		answer([one, recent]);
		expect(json(await harness.poll('manual'))).toEqual([change('edited', recent)]);
		expect(harness.staticData).toEqual({});
	});

	it('under a credential limited to repositories, items of other repositories are neither read out nor remembered', async () => {
		const credentials = credentialsFor();
		const harness = new TriggerHarness(
			'gitHubPollTrigger',
			{ authentication: 'accessToken', ...PROJECT },
			{ githubAccessTokenApi: { ...credentials.githubAccessTokenApi, allowedRepositories: 'octo-org/api' } },
		);
		answer([one, two]);
		expect(await harness.poll()).toBeNull();
		expect(Object.keys((harness.staticData.position as IDataObject).items as IDataObject)).toEqual(['PVTI_1']);
		const twoDone = { ...two, fields: { Status: 'Done' } };
		const oneDone = { ...one, fields: { Status: 'Done', Estimate: 3 } };
		answer([oneDone, twoDone]);
		expect(json(await harness.poll())).toEqual([change('edited', oneDone, { field_value: { field_name: 'Status', from: 'Todo', to: 'Done' } })]);
	});

	it('refuses a project of an owner the credential scope does not name, before anything is sent', async () => {
		const credentials = credentialsFor();
		const harness = new TriggerHarness(
			'gitHubPollTrigger',
			{ authentication: 'accessToken', ...PROJECT, projectOwner: 'elsewhere' },
			{ githubAccessTokenApi: { ...credentials.githubAccessTokenApi, allowedRepositories: 'octo-org/api' } },
		);
		await expect(harness.poll()).rejects.toThrow(/elsewhere/);
		expect(harness.staticData).toEqual({});
	});

	it('names a project GitHub does not have, and parameters that cannot name one', async () => {
		const harness = pollTrigger(PROJECT);
		nock(API).post('/graphql').reply(200, { data: { repositoryOwner: { projectV2: null } } });
		await expect(harness.poll()).rejects.toThrow('GitHub has no project number 5 of "octo-org" that the credential can read');

		const errorOf = async (parameters: IDataObject) =>
			await pollTrigger({ ...PROJECT, ...parameters }).poll().then(
				() => undefined,
				(thrown: unknown) => thrown as NodeOperationError,
			);
		const noOwner = await errorOf({ projectOwner: ' ' });
		expect(noOwner).toBeInstanceOf(NodeOperationError);
		expect(noOwner?.message).toBe('The "Project Owner" parameter is required for Project Item Changed');
		expect((await errorOf({ projectOwner: 'octo/org' }))?.message).toBe('"octo/org" in "Project Owner" is not a GitHub user or organization name');
		expect((await errorOf({ projectNumber: 0 }))?.message).toBe('"Project Number" must be a whole number of 1 or more');
	});
});
