import { readFileSync } from 'fs';
import { join } from 'path';
import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';
import nock from 'nock';

import { GitHubPollTrigger } from '../../nodes/GitHub/GitHubPollTrigger.node';
import { GitHubTrigger } from '../../nodes/GitHub/GitHubTrigger.node';
import { TRIGGERS } from '../../nodes/GitHub/triggers/events';
import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { CODE_HOST_SPEC } from '../spec/facts';
import { webhookTrigger } from './helpers';

function optionsOf(properties: Array<{ name: string; options?: unknown[] }>, name: string) {
	return properties.find((p) => p.name === name)!.options as INodePropertyOptions[];
}

describe('GitHub trigger nodes: what they offer', () => {
	it('the event table has one row per spec trigger, by its spec name in title case, then the further named triggers and Any Event', () => {
		const spec = TRIGGERS.slice(0, CODE_HOST_SPEC.triggers.length);
		expect(spec.map((row) => row.name.toLowerCase())).toEqual(CODE_HOST_SPEC.triggers.map((name) => name.toLowerCase()));
		expect(TRIGGERS.slice(CODE_HOST_SPEC.triggers.length).map((row) => row.name)).toEqual([
			'Branch Deleted',
			'Tag Deleted',
			'New Label',
			'Label Updated',
			'Label Deleted',
			'New Milestone',
			'Milestone Closed',
			'Milestone Updated',
			'Milestone Deleted',
			'Check Run Completed',
			'Check Suite Completed',
			'Commit Status Changed',
			'Deployment Status Changed',
			'Security Alert Created',
			'Security Alert Fixed',
			'Security Alert Dismissed',
			'New Notification',
			'New Review Request for Me',
			'Project Item Changed',
			'Any Event',
		]);
		for (const row of TRIGGERS) expect(row.name.split(' ').filter((word) => /^[a-z]/.test(word) && !['in', 'on', 'for'].includes(word))).toEqual([]);
	});

	it('between the two nodes every spec trigger is offered', () => {
		const webhook = optionsOf(new GitHubTrigger().description.properties, 'triggers').map((o) => o.name);
		const polled = optionsOf(new GitHubPollTrigger().description.properties, 'trigger').map((o) => o.name);
		expect(webhook).toEqual(TRIGGERS.filter((row) => row.webhook).map((row) => row.name));
		expect(polled).toEqual(['New Repository (in the account)', 'New Watcher', 'New Mention (from notifications)', 'New Gist', 'New Notification', 'New Review Request for Me', 'Project Item Changed', 'Repository Events']);
		// The Poll Trigger's repository events are the webhook rows that name their lists, under the webhook names.
		expect(optionsOf(new GitHubPollTrigger().description.properties, 'events').map((o) => o.name)).toEqual(
			TRIGGERS.filter((row) => row.polledFrom).map((row) => row.name),
		);
		const covered = new Set([...webhook, ...polled.map((name) => name.replace(/ \(.*\)$/, ''))].map((name) => name.toLowerCase()));
		expect(CODE_HOST_SPEC.triggers.filter((name) => !covered.has(name.toLowerCase()))).toEqual([]);
	});

	it('the Poll Trigger offers only the filters its events can use; the webhook trigger offers them all', () => {
		const filterNames = (node: { description: { properties: Array<{ name: string; options?: unknown[] }> } }) =>
			optionsOf(node.description.properties, 'filters').map((o) => (o as unknown as { name: string }).name);
		expect(filterNames(new GitHubPollTrigger())).toEqual(['actions', 'branches', 'labels', 'reviewStates', 'conclusions']);
		expect(filterNames(new GitHubTrigger())).toEqual(['actions', 'branches', 'columnIds', 'labels', 'reviewStates', 'severities', 'states', 'conclusions']);
	});

	it('both nodes are registered in package.json', () => {
		const pkg = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { n8n: { nodes: string[] } };
		expect(pkg.n8n.nodes).toEqual(
			expect.arrayContaining(['dist/nodes/GitHub/GitHubTrigger.node.js', 'dist/nodes/GitHub/GitHubPollTrigger.node.js']),
		);
	});

	it('with every webhook trigger chosen, the repository hook subscribes to exactly the union of their events', async () => {
		resetGitHubRateLimitState();
		const all = TRIGGERS.filter((row) => row.webhook && !row.anyEvent).map((row) => row.value);
		const harness = webhookTrigger({ triggers: all, repositories: 'hello' });
		const bodies: Record<string, IDataObject> = {};
		nock('https://api.github.com')
			.get('/user')
			.reply(200, { login: 'octocat' })
			.post('/repos/octo/hello/hooks', (body: IDataObject) => ((bodies.repo = body), true))
			.reply(201, { id: 1 })
			.post('/orgs/octo/hooks', (body: IDataObject) => ((bodies.org = body), true))
			.reply(201, { id: 2 });
		await harness.create();
		expect(bodies.repo.events).toEqual([
			'check_run', 'check_suite', 'code_scanning_alert', 'commit_comment', 'create', 'delete', 'dependabot_alert', 'deployment_status', 'discussion',
			'discussion_comment', 'fork', 'issue_comment', 'issues', 'label', 'member', 'milestone', 'project_card', 'pull_request', 'pull_request_review',
			'pull_request_review_comment', 'push', 'release', 'secret_scanning_alert', 'star', 'status', 'workflow_job', 'workflow_run',
		]);
		expect(bodies.org.events).toEqual(['projects_v2_item', 'repository']);
	});
});

describe('GitHub Toolkit Poll Trigger wording', () => {
	it('describes its triggers as polled, without webhooks', () => {
		const polled = optionsOf(new GitHubPollTrigger().description.properties, 'trigger');
		expect(polled.map((o) => o.description).filter((text) => /\(webhook\)|webhook[^ ]* (is|are) (registered|sent)/.test(String(text)))).toEqual([]);
		expect(polled.find((o) => o.value === 'newRepository')?.description).toBe(
			'A repository is created in the connected account, found by comparing its repository list on each poll',
		);
	});
});
