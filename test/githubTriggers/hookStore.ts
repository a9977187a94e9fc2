import type { FakeGitHub } from '../fakes/fakeGitHub';
import type { FakeRequest } from '../fakes/server';

export interface StoredHook {
	id: number;
	name: string;
	active: boolean;
	events: string[];
	config: { url: string; content_type: string; secret?: string; insecure_ssl: string };
	owner: string;
	repo?: string;
}

/**
 * GitHub's repository and organization webhooks, statefully: 422 for a second hook with the
 * same URL, 404 for unknown repositories or organizations, and the secret never echoed back.
 */
export class HookStore {
	readonly hooks: StoredHook[] = [];
	private nextId = 1000;

	constructor(
		readonly repositories: string[] = ['octo/hello'],
		readonly organizations: string[] = ['octo'],
		readonly login = 'octocat',
	) {}

	install(fake: FakeGitHub): this {
		fake.on('GET', '/user', () => ({ body: { login: this.login, id: 1 } }));
		for (const scope of ['repo', 'org'] as const) {
			const base = scope === 'repo' ? '/repos/{owner}/{repo}/hooks' : '/orgs/{owner}/hooks';
			fake.on('POST', base, (request) => this.create(request, scope));
			fake.on('GET', base, (request) => this.list(fake, request, scope));
			fake.on('GET', `${base}/{id}`, (request) => this.withHook(request, scope, (hook) => ({ body: this.view(hook) })));
			fake.on('PATCH', `${base}/{id}`, (request) =>
				this.withHook(request, scope, (hook) => {
					const update = request.body as Partial<StoredHook>;
					if (update.events) hook.events = update.events;
					if (update.active !== undefined) hook.active = update.active;
					if (update.config) hook.config = { ...hook.config, ...update.config };
					return { body: this.view(hook) };
				}),
			);
			fake.on('DELETE', `${base}/{id}`, (request) =>
				this.withHook(request, scope, (hook) => {
					this.hooks.splice(this.hooks.indexOf(hook), 1);
					return { status: 204 };
				}),
			);
		}
		return this;
	}

	private known(request: FakeRequest, scope: 'repo' | 'org'): boolean {
		return scope === 'repo'
			? this.repositories.includes(`${request.params.owner}/${request.params.repo}`)
			: this.organizations.includes(request.params.owner);
	}

	private belongs(hook: StoredHook, request: FakeRequest, scope: 'repo' | 'org'): boolean {
		return hook.owner === request.params.owner && hook.repo === (scope === 'repo' ? request.params.repo : undefined);
	}

	private view(hook: StoredHook) {
		const { owner: _owner, repo: _repo, ...visible } = hook;
		const { secret, ...config } = hook.config;
		return { ...visible, config: secret ? { ...config, secret: '********' } : config };
	}

	private create(request: FakeRequest, scope: 'repo' | 'org') {
		if (!this.known(request, scope)) return { status: 404, body: { message: 'Not Found' } };
		const body = request.body as Omit<StoredHook, 'id' | 'owner' | 'repo'>;
		if (this.hooks.some((hook) => this.belongs(hook, request, scope) && hook.config.url === body.config.url)) {
			return {
				status: 422,
				body: {
					message: 'Validation Failed',
					errors: [{ resource: 'Hook', code: 'custom', message: `Hook already exists on this ${scope === 'repo' ? 'repository' : 'organization'}` }],
				},
			};
		}
		const hook: StoredHook = {
			id: this.nextId++,
			name: body.name,
			active: body.active,
			events: body.events,
			config: body.config,
			owner: request.params.owner,
			repo: scope === 'repo' ? request.params.repo : undefined,
		};
		this.hooks.push(hook);
		return { status: 201, body: this.view(hook) };
	}

	private list(fake: FakeGitHub, request: FakeRequest, scope: 'repo' | 'org') {
		if (!this.known(request, scope)) return { status: 404, body: { message: 'Not Found' } };
		return fake.paged(request, this.hooks.filter((hook) => this.belongs(hook, request, scope)).map((hook) => this.view(hook)));
	}

	private withHook(request: FakeRequest, scope: 'repo' | 'org', act: (hook: StoredHook) => { status?: number; body?: unknown }) {
		const hook = this.hooks.find((h) => h.id === Number(request.params.id) && this.belongs(h, request, scope));
		return hook ? act(hook) : { status: 404, body: { message: 'Not Found' } };
	}
}
