import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { FieldSet } from '../../shared/simplify';
import { markdownText, plainText } from '../../shared/simplify';
import { cleanObject, TRIGGER_REMOVE_HIDDEN_TEXT_OPTION } from '../../shared/triggerText';

/**
 * Remove Hidden Text for Trello Trigger items (docs/agents.md): the texts people wrote, in the item
 * and in the action it was built from, lose what a reader of the board does not see.
 */

export const TRELLO_REMOVE_HIDDEN_TEXT_OPTION: INodeProperties = {
	...TRIGGER_REMOVE_HIDDEN_TEXT_OPTION,
	description:
		'Whether to remove text a reader of the board does not see (invisible Unicode characters, HTML comments, hidden HTML) from the comments, descriptions and names in each item, and show the target of links whose text names another address. The item says how many pieces went in hiddenTextRemoved. On unless turned off when the credential sets Trusted Members Only or Trusted Members.',
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

/** The item with hidden text removed from its authored texts and its action's; hiddenTextRemoved counts the pieces. */
export function removeHiddenTextFromItem(item: IDataObject): IDataObject {
	const own = cleanObject(ITEM_TEXTS, item);
	let removed = own.removed;
	let out = own.value;
	const action = out.action as IDataObject | undefined;
	if (action && typeof action === 'object') {
		const data = action.data && typeof action.data === 'object' ? cleanObject(ITEM_TEXTS, action.data as IDataObject) : undefined;
		const cleanedAction = cleanObject({ ...displayTexts(action), memberCreator: plainText('memberCreator.fullName') }, data ? { ...action, data: data.value } : action);
		removed += (data?.removed ?? 0) + cleanedAction.removed;
		out = { ...out, action: cleanedAction.value };
	}
	return removed ? { ...out, hiddenTextRemoved: removed } : item;
}
