import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { FieldSet } from '../../shared/simplify';
import { markdownText, plainText } from '../../shared/simplify';
import { cleanObject, TRIGGER_REMOVE_HIDDEN_TEXT_OPTION, triggerTextSettings } from '../../shared/triggerText';
import type { TrelloClient } from '../transport';
import { MemberJudge, TRUSTED_MEMBERS_OPTIONS, trustedMembersSetting } from '../trustedMembers';

/**
 * Remove Hidden Text for Trello Trigger items (docs/agents.md): the texts people wrote, in the item
 * and in the action it was built from, lose what a reader of the board does not see.
 */

export const TRELLO_REMOVE_HIDDEN_TEXT_OPTION: INodeProperties = {
	...TRIGGER_REMOVE_HIDDEN_TEXT_OPTION,
	description:
		'Whether to remove text a reader of the board does not see (invisible Unicode characters, HTML comments, hidden HTML) from the comments, descriptions and names in each item, and show where links lead when their text names another address. The item says how many pieces went in hiddenTextRemoved. On unless turned off when the credential sets Trusted Members Only or Trusted Members.',
};

/** The authored texts of an item, and of its action's `data`, which has the same shape. */
const ITEM_TEXTS: FieldSet = {
	text: markdownText('text'),
	card: plainText('card.name'),
	cardDescription: markdownText('card.desc'),
	board: plainText('board.name'),
	list: plainText('list.name'),
	listBefore: plainText('listBefore.name'),
	listAfter: plainText('listAfter.name'),
	checklist: plainText('checklist.name'),
	checkItem: plainText('checkItem.name'),
	label: plainText('label.name'),
	attachment: plainText('attachment.name'),
	customField: plainText('customField.name'),
	member: plainText('member.name'),
	model: plainText('model.name'),
	oldDescription: markdownText('old.desc'),
	oldName: plainText('old.name'),
	oldText: markdownText('old.text'),
	memberCreator: plainText('memberCreator.fullName'),
};

/** Trello's `display.entities` repeat the texts for its activity feed: a comment's as Markdown, names as written. */
function displayTexts(action: IDataObject): FieldSet {
	const entities = ((action.display as IDataObject | undefined)?.entities ?? {}) as IDataObject;
	const fields: FieldSet = {};
	for (const [name, entity] of Object.entries(entities)) {
		if (!entity || typeof entity !== 'object') continue;
		const path = `display.entities.${name}.text`;
		fields[name] = (entity as IDataObject).type === 'comment' ? markdownText(path) : plainText(path);
	}
	return fields;
}

/**
 * The item with hidden text removed from its authored texts and from the Trello object it was built
 * from (`rawKey`: the action of a delivery, the notification of a poll), whose `data` has the item's
 * shape; hiddenTextRemoved counts the pieces.
 */
export function removeHiddenTextFromItem(item: IDataObject, rawKey: 'action' | 'notification' = 'action'): IDataObject {
	const own = cleanObject(ITEM_TEXTS, item);
	let removed = own.removed;
	let out = own.value;
	const raw = out[rawKey] as IDataObject | undefined;
	if (raw && typeof raw === 'object') {
		const data = raw.data && typeof raw.data === 'object' ? cleanObject(ITEM_TEXTS, raw.data as IDataObject) : undefined;
		const cleanedRaw = cleanObject({ ...displayTexts(raw), memberCreator: plainText('memberCreator.fullName') }, data ? { ...raw, data: data.value } : raw);
		removed += (data?.removed ?? 0) + cleanedRaw.removed;
		out = { ...out, [rawKey]: cleanedRaw.value };
	}
	return removed ? { ...out, hiddenTextRemoved: removed } : item;
}

/** Options → Remove Hidden Text and the Trusted Members pair, as every Trello trigger offers them. */
export const TRELLO_TRIGGER_OPTIONS: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [TRELLO_REMOVE_HIDDEN_TEXT_OPTION, ...TRUSTED_MEMBERS_OPTIONS],
};

/** How a trigger withholds what untrusted members wrote in one of its items. */
export type WithholdItem = (judge: MemberJudge, item: IDataObject) => Promise<IDataObject>;

/**
 * A Trello trigger's items cleaned as the node or the credential asks: what untrusted members
 * wrote withheld (Trusted Members), then hidden text removed (Remove Hidden Text, on by default
 * when the credential sets Trusted Members — the GitHub triggers' rule).
 */
export async function withholdTriggerText(
	ctx: object & { getNodeParameter(name: 'options', fallback: IDataObject): unknown },
	client: TrelloClient,
	items: IDataObject[],
	withhold: WithholdItem,
	rawKey: 'action' | 'notification' = 'action',
): Promise<IDataObject[]> {
	const options = (ctx.getNodeParameter('options', {}) ?? {}) as IDataObject;
	const credentials = await client.credentials();
	const setting = trustedMembersSetting(options, credentials);
	const judge = setting ? new MemberJudge(ctx, client, setting) : undefined;
	const removeHidden = triggerTextSettings(options, trustedMembersSetting({}, credentials) !== undefined).removeHiddenText;
	const cleaned: IDataObject[] = [];
	for (const item of items) {
		const judged = judge ? await withhold(judge, item) : item;
		cleaned.push(removeHidden ? removeHiddenTextFromItem(judged, rawKey) : judged);
	}
	return cleaned;
}
