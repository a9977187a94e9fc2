import { readFileSync } from 'fs';
import { join } from 'path';

import type { ProductDescription } from '../../scripts/webhookEvents';
import { derivedModuleFromInstalledPackage, mergeProductEvents, WEBHOOK_FACTS_FILE } from '../../scripts/webhookEvents';
import { WEBHOOK_EVENTS, WEBHOOK_EVENTS_SOURCE } from '../../nodes/GitHub/triggers/webhookEvents';

describe('webhook event facts', () => {
	it('the committed file is what scripts/webhookEvents.ts derives from the installed @octokit/openapi-webhooks (run npm run facts:webhooks after upgrading it)', () => {
		const committed = readFileSync(join(__dirname, '..', '..', WEBHOOK_FACTS_FILE), 'utf8');
		expect(committed).toBe(derivedModuleFromInstalledPackage());
	});

	it('names the installed version and carries each event\'s actions', () => {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const { version } = require('@octokit/openapi-webhooks/package.json') as { version: string };
		expect(WEBHOOK_EVENTS_SOURCE).toBe(`@octokit/openapi-webhooks ${version}`);
		const byName = new Map(WEBHOOK_EVENTS.map((fact) => [fact.event, fact]));
		expect(byName.get('check_run')?.actions).toEqual(['completed', 'created', 'requested_action', 'rerequested']);
		expect(byName.get('push')).toMatchObject({ actions: [], repositoryHook: true });
		expect(byName.get('membership')).toMatchObject({ actions: ['added', 'removed'], repositoryHook: false });
		expect(byName.has('ping')).toBe(false);
	});

	it('adds the events and actions only Enterprise Cloud or Enterprise Server descriptions list, saying where', () => {
		const byName = new Map(WEBHOOK_EVENTS.map((fact) => [fact.event, fact]));
		expect(byName.get('cache_sync')).toEqual({
			event: 'cache_sync',
			actions: [],
			repositoryHook: true,
			description: 'This event occurs when a Git ref has been successfully synced to a cache replica.',
			only: ['Enterprise Server 3.14+'],
		});
		expect(byName.get('dismissal_request_code_scanning')).toMatchObject({
			actions: ['created', 'response_submitted'],
			only: ['Enterprise Cloud', 'Enterprise Server 3.17+'],
		});
		expect(byName.get('repository')?.actionsOnly).toEqual({
			anonymous_access_disabled: ['Enterprise Server 3.14+'],
			anonymous_access_enabled: ['Enterprise Server 3.14+'],
		});
		expect(byName.get('push')).not.toHaveProperty('only');
		expect(byName.get('push')).not.toHaveProperty('actionsOnly');
	});

	it('names an Enterprise Server range that ends before the newest version, and leaves out events no hook can receive', () => {
		/** A description with one webhook per event: its hook types and the actions its payload allows. */
		const description = (events: Array<[string, string[], string[]]>): ProductDescription['description'] => ({
			webhooks: Object.fromEntries(
				events.map(([event, actions, types]) => [
					event,
					{
						post: {
							summary: 'A test event.',
							'x-github': { subcategory: event, 'supported-webhook-types': types },
							requestBody: {
								content: { 'application/json': { schema: { properties: { action: { enum: actions } } } } },
							},
						},
					},
				]),
			),
			components: { schemas: {} },
		});
		const facts = mergeProductEvents([
			{ description: description([['push', [], ['repository']]]) },
			{ label: 'Enterprise Cloud', description: description([['push', [], ['repository']], ['audit', ['logged'], ['organization']]]) },
			{ label: 'Enterprise Server 3.14', serverVersion: [3, 14], description: description([['push', ['forced'], ['repository']], ['old_sync', [], ['repository']]]) },
			{ label: 'Enterprise Server 3.15', serverVersion: [3, 15], description: description([['push', ['forced'], ['repository']], ['old_sync', [], ['repository']], ['app_only', [], ['app']]]) },
			{ label: 'Enterprise Server 3.16', serverVersion: [3, 16], description: description([['push', ['forced'], ['repository']]]) },
		]);
		expect(facts).toEqual([
			{ event: 'audit', actions: ['logged'], repositoryHook: false, description: 'A test event.', only: ['Enterprise Cloud'] },
			{ event: 'old_sync', actions: [], repositoryHook: true, description: 'A test event.', only: ['Enterprise Server 3.14–3.15'] },
			{ event: 'push', actions: ['forced'], repositoryHook: true, description: 'A test event.', actionsOnly: { forced: ['Enterprise Server 3.14+'] } },
		]);
	});
});
