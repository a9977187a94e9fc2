/** One webhook event GitHub delivers to repository or organization hooks (see scripts/webhookEvents.ts). */
export interface WebhookEventFact {
	/** X-GitHub-Event value, as a hook's events list names it. */
	event: string;
	/** Values of the payload's `action`; empty for events without one (push, create, …). */
	actions: string[];
	/** Whether a repository hook can subscribe to it; otherwise only an organization hook can. */
	repositoryHook: boolean;
	/** GitHub's first sentence about the event. */
	description: string;
	/** Set when api.github.com does not deliver the event: the products that do (e.g. "Enterprise Server 3.14+"). */
	only?: string[];
	/** Actions api.github.com does not send, with the products that do. */
	actionsOnly?: Record<string, string[]>;
}
