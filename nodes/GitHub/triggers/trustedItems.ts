import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { GITHUB_FIELD_SETS } from '../actions/fieldSets';
import type { GitHubClient } from '../transport';
import { TRUSTED_CONTENT_ONLY_OPTION, TrustJudge } from '../trustedContent';
import type { ItemObject } from '../../shared/triggerText';
import { withholdPayloadText, TRIGGER_REMOVE_HIDDEN_TEXT_OPTION, triggerTextSettings } from '../../shared/triggerText';

/**
 * Trusted Content Only and Remove Hidden Text for the items of both GitHub triggers. A delivery
 * (and a polled item, shaped as one) carries GitHub's objects under their names; each is cleaned
 * with the field set the actions simplify it with, so the authored fields are the actions' own.
 */

/** Payload keys and their object types, the most specific last: an edit's `changes` belong to the last one present. */
const PAYLOAD_OBJECTS: ItemObject[] = (
	[
		['repository', 'repository'],
		['label', 'label'],
		['milestone', 'milestone'],
		['issue', 'issue'],
		['pull_request', 'pullRequest'],
		['discussion', 'discussion'],
		['release', 'release'],
		['review', 'review'],
		['comment', 'comment'],
	] as const
).map(([key, type]) => ({ key, fields: GITHUB_FIELD_SETS[type] }));

export const TRIGGER_TEXT_OPTIONS: INodeProperties[] = [
	TRIGGER_REMOVE_HIDDEN_TEXT_OPTION,
	{
		...TRUSTED_CONTENT_ONLY_OPTION,
		description:
			"Whether to withhold the titles, bodies and comments in each item written by people without write access to the repository (GitHub's author association NONE, FIRST_TIMER, FIRST_TIME_CONTRIBUTOR, CONTRIBUTOR or MANNEQUIN; where an item does not say, their permission is looked up once per author and run), replaced by a note saying by whom. The item says how many texts went in untrustedTextWithheld. Also on when the credential's scope sets it.",
	},
];

function repositoryOf(payload: IDataObject): { owner: string; repo: string } | undefined {
	const repository = payload.repository as IDataObject | undefined;
	const owner = (repository?.owner as IDataObject | undefined)?.login;
	return typeof owner === 'string' && typeof repository?.name === 'string' ? { owner, repo: repository.name } : undefined;
}

/**
 * The items with their authored text withheld or cleaned as the node's options and the credential ask; each
 * item counts what went (hiddenTextRemoved, untrustedTextWithheld). `runContext` is the
 * run's: an author's permission is looked up once in it.
 */
export async function withholdTriggerText<Item extends IDataObject & { payload: IDataObject }>(
	runContext: object,
	client: GitHubClient,
	options: IDataObject,
	items: Item[],
): Promise<Item[]> {
	if (!items.length) return items;
	const credentials = await client.credentials();
	const settings = triggerTextSettings(options, credentials.trustedContentOnly);
	if (!settings.trustedOnly && !settings.removeHiddenText) return items;
	const judge = new TrustJudge(runContext, client);
	const out: Item[] = [];
	for (const item of items) {
		const repository = repositoryOf(item.payload);
		const subject = [...PAYLOAD_OBJECTS].reverse().find((object) => item.payload[object.key] && typeof item.payload[object.key] === 'object');
		const cleaned = await withholdPayloadText(
			item.payload,
			PAYLOAD_OBJECTS,
			settings,
			async (fields, value) => (await judge.withhold(fields, value, repository)) as IDataObject,
			subject,
		);
		out.push({
			...item,
			payload: cleaned.payload,
			...(cleaned.hiddenTextRemoved ? { hiddenTextRemoved: cleaned.hiddenTextRemoved } : {}),
			...(cleaned.withheld ? { untrustedTextWithheld: cleaned.withheld } : {}),
		});
	}
	return out;
}
