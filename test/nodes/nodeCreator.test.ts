import type { INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';

import { HARNESS_INPUT_TYPE, packageCredentialTypes, packageNodeTypes } from '../harness/nodeTypes';

/**
 * How n8n 2.41's node creator files nodes (read from its editor source, useActionsGeneration):
 * a trigger is merged into the action node whose full type name equals the trigger's with the
 * first "Trigger" removed, and a trigger lists "On …" events from the options of its property
 * labelled "Event", "Events" or "Trigger On" (only when its display name contains "trigger").
 */
const descriptions = [...packageNodeTypes().entries()]
	.filter(([type]) => type !== HARNESS_INPUT_TYPE)
	.map(([type, node]) => ({ type, description: node.description as INodeTypeDescription }));

const isTrigger = (description: INodeTypeDescription) => description.group.includes('trigger');

function creatorParent(triggerType: string): string | undefined {
	const parent = triggerType.replace('Trigger', '');
	return descriptions.some(({ type, description }) => type === parent && !isTrigger(description)) ? parent : undefined;
}

function creatorEvents(description: INodeTypeDescription): string[] {
	if (!description.displayName.toLowerCase().includes('trigger')) return [];
	const property = description.properties.find((p) => ['event', 'events', 'trigger on'].includes(p.displayName.toLowerCase()));
	return ((property?.options ?? []) as INodePropertyOptions[]).map((option) => option.name);
}

describe('node creator: each node is found with its triggers and the triggers list their events', () => {
	it('the webhook triggers are filed under their action node (GitHub Toolkit, Trello Toolkit)', () => {
		expect(creatorParent('n8n-nodes-github-trello.gitHubTrigger')).toBe('n8n-nodes-github-trello.gitHub');
		expect(creatorParent('n8n-nodes-github-trello.trelloTrigger')).toBe('n8n-nodes-github-trello.trello');
		const grouped = descriptions.filter(({ type, description }) => isTrigger(description) && creatorParent(type));
		expect(grouped.map(({ description }) => description.displayName).sort()).toEqual(['GitHub Toolkit Trigger', 'Trello Toolkit Trigger']);
	});

	it('every trigger lists its events as "On …" actions', () => {
		const counts = Object.fromEntries(
			descriptions.filter(({ description }) => isTrigger(description)).map(({ description }) => [description.displayName, creatorEvents(description).length]),
		);
		expect(Object.keys(counts).sort()).toEqual([
			'GitHub Toolkit Poll Trigger',
			'GitHub Toolkit Trigger',
			'Trello Toolkit Due Date Trigger',
			'Trello Toolkit Notification Trigger',
			'Trello Toolkit Trigger',
		]);
		expect(counts['GitHub Toolkit Trigger']).toBeGreaterThanOrEqual(20);
		// The account pollers (gists, repositories, watchers, mentions, notifications, review requests), Project
		// Item Changed and Repository Events (whose events are picked under "Events").
		expect(counts['GitHub Toolkit Poll Trigger']).toBe(8);
		expect(creatorEvents(packageNodeTypes().get('n8n-nodes-github-trello.gitHubPollTrigger')!.description)).toContain('Repository Events');
		expect(counts['Trello Toolkit Trigger']).toBeGreaterThan(5);
		expect(creatorEvents(packageNodeTypes().get('n8n-nodes-github-trello.trelloTrigger')!.description)).toEqual(
			expect.arrayContaining(['New Card', 'Card Moved']),
		);
		expect(creatorEvents(packageNodeTypes().get('n8n-nodes-github-trello.trelloDueDateTrigger')!.description)).toEqual([
			'Cards Due Soon',
			'Overdue Cards',
			'Cards Due Soon or Overdue',
		]);
		expect(creatorEvents(packageNodeTypes().get('n8n-nodes-github-trello.gitHubTrigger')!.description)).toContain('New Issue');
	});

	it('display names, canvas names and credential names cannot be mistaken for n8n’s own GitHub and Trello', () => {
		const builtIn = ['GitHub', 'GitHub Trigger', 'Trello', 'Trello Trigger', 'GitHub API', 'GitHub OAuth2 API', 'Trello API'];
		for (const { description } of descriptions) {
			expect(description.displayName).toMatch(/^(GitHub|Trello) Toolkit( |$)/);
			expect(builtIn).not.toContain(description.defaults.name);
			expect(description.defaults.name).toMatch(/Toolkit/);
		}
		// Action nodes keep their own name on the canvas instead of the action ("Create a card"), which n8n's nodes also use.
		for (const type of ['n8n-nodes-github-trello.gitHub', 'n8n-nodes-github-trello.trello']) {
			expect(packageNodeTypes().get(type)!.description.skipNameGeneration).toBe(true);
		}
		// Type names must differ from n8n 2.41's own (n8n-nodes-base): one name, one credential type in an instance.
		const builtInTypes = ['githubApi', 'githubOAuth2Api', 'githubAppApi', 'trelloApi'];
		for (const credential of packageCredentialTypes().values()) expect(builtInTypes).not.toContain(credential.name);
		const credentialNames = [...packageCredentialTypes().values()].map((credential) => credential.displayName).sort();
		expect(credentialNames).toEqual([
			'GitHub Toolkit Access Token API',
			'GitHub Toolkit App API',
			'GitHub Toolkit OAuth2 API',
			'Trello Toolkit Key and Token API',
			'Trello Toolkit OAuth 1.0a API',
		]);
	});
});
