import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { removeHiddenText } from './hiddenText';
import type { FieldSet } from './simplify';
import { authoredFields, valueAt, withValueAt } from './simplify';

/**
 * The agent defences for trigger items (docs/agents.md): the authored text of the objects an item
 * carries, found through the field sets the actions simplify the same objects with, has hidden
 * text removed and, from untrusted authors, is withheld. Triggers emit what the service sent, so
 * both are off unless chosen, or unless the credential asks for trusted content only.
 */

export const TRIGGER_REMOVE_HIDDEN_TEXT_OPTION: INodeProperties = {
	displayName: 'Remove Hidden Text',
	name: 'removeHiddenText',
	type: 'boolean',
	default: false,
	description:
		'Whether to remove text a reader of the page does not see (invisible Unicode characters, HTML comments, hidden HTML) from the titles, bodies and comments in each item, and show where links lead when their text names another address. The item says how many pieces went in hiddenTextRemoved. On unless turned off when the credential sets Trusted Content Only.',
};

/** Whether a trigger run removes hidden text and withholds untrusted text. */
export interface TriggerTextSettings {
	removeHiddenText: boolean;
	trustedOnly: boolean;
}

/** The node's options and the credential's scope: the credential can turn both on, the node cannot turn its trusted content off. */
export function triggerTextSettings(options: IDataObject, credentialTrustedOnly: unknown): TriggerTextSettings {
	const credentialOn = credentialTrustedOnly === true;
	return {
		trustedOnly: options.trustedContentOnly === true || credentialOn,
		removeHiddenText: typeof options.removeHiddenText === 'boolean' ? options.removeHiddenText : credentialOn,
	};
}

/** An object of an item: the item's key holding it and the field set that names its authored fields. */
export interface ItemObject {
	key: string;
	fields: FieldSet;
}

/** The object with the authored fields of untrusted authors replaced by the service's marker. */
export type Withhold = (fields: FieldSet, value: IDataObject) => Promise<IDataObject>;

/** The authored texts withholding replaced (an entry of a list counts on its own), and the last marker. */
function replacedTexts(fields: FieldSet, before: IDataObject, after: IDataObject): { count: number; marker?: string } {
	let count = 0;
	let marker: string | undefined;
	const compare = (old: unknown, now: unknown) => {
		if (typeof old === 'string' && typeof now === 'string' && old !== now) {
			count++;
			marker = now;
		}
	};
	for (const { path } of authoredFields(fields)) {
		if (!path) continue;
		const old = valueAt(before, path);
		const now = valueAt(after, path);
		if (Array.isArray(old) && Array.isArray(now)) old.forEach((entry, index) => compare((entry as IDataObject | null)?.body, (now[index] as IDataObject | null)?.body));
		else compare(old, now);
	}
	return { count, marker };
}

/** The authored strings of an object cleaned (lists of entries with bodies included). */
export function cleanObject(fields: FieldSet, value: IDataObject): { value: IDataObject; removed: number } {
	let out = value;
	let removed = 0;
	const clean = (text: string, kind: 'markdown' | 'plain') => {
		const cleaned = removeHiddenText(text, kind);
		removed += cleaned.removed;
		return cleaned.text;
	};
	for (const { path, kind } of authoredFields(fields)) {
		if (!path) continue;
		const current = valueAt(out, path);
		if (typeof current === 'string') out = withValueAt(out, path, clean(current, kind));
		else if (Array.isArray(current)) {
			out = withValueAt(
				out,
				path,
				current.map((entry) => (typeof (entry as IDataObject | null)?.body === 'string' ? { ...(entry as IDataObject), body: clean((entry as IDataObject).body as string, kind) } : entry)),
			);
		}
	}
	return { value: out, removed };
}

/**
 * The item's payload with its objects withheld and cleaned as the settings ask, and the counts. `subject` is the object an edit's
 * `changes` belong to: the text it had before is judged and cleaned as the object's own.
 */
export async function withholdPayloadText(
	payload: IDataObject,
	objects: ItemObject[],
	settings: TriggerTextSettings,
	withhold: Withhold,
	subject?: ItemObject,
): Promise<{ payload: IDataObject; hiddenTextRemoved: number; withheld: number }> {
	let out = payload;
	let hiddenTextRemoved = 0;
	let withheld = 0;
	for (const object of objects) {
		let value = out[object.key];
		if (!value || typeof value !== 'object' || Array.isArray(value)) continue;
		// An edit's earlier text is the object's own: judged and cleaned with it.
		const hasChanges = object === subject && Boolean(out.changes) && typeof out.changes === 'object';
		if (settings.trustedOnly) {
			const judged = await withhold(object.fields, value as IDataObject);
			const replaced = replacedTexts(object.fields, value as IDataObject, judged);
			withheld += replaced.count;
			if (hasChanges && replaced.marker) {
				const changes = withheldChanges(object.fields, out.changes as IDataObject, replaced.marker);
				withheld += changes.count;
				out = { ...out, changes: changes.value };
			}
			value = judged;
		}
		if (settings.removeHiddenText) {
			const cleaned = cleanObject(object.fields, value as IDataObject);
			hiddenTextRemoved += cleaned.removed;
			value = cleaned.value;
			if (hasChanges) {
				const changes = cleanObject(changeFields(object.fields), out.changes as IDataObject);
				hiddenTextRemoved += changes.removed;
				out = { ...out, changes: changes.value };
			}
		}
		out = { ...out, [object.key]: value };
	}
	return { payload: out, hiddenTextRemoved, withheld };
}

/** The object's authored fields as they sit in an edit's `changes` ({ body: { from } }). */
function changeFields(fields: FieldSet): FieldSet {
	const out: FieldSet = {};
	for (const [name, pick] of Object.entries(fields)) {
		const path = (pick as { path?: string }).path;
		if (typeof pick === 'function' && 'authored' in pick && path) {
			out[name] = Object.assign((raw: IDataObject) => valueAt(raw, `${path}.from`), { authored: pick.authored, path: `${path}.from` });
		}
	}
	return out;
}

/** An edit's earlier texts of a withheld object replaced by its marker. */
function withheldChanges(fields: FieldSet, changes: IDataObject, marker: string): { value: IDataObject; count: number } {
	let value = changes;
	let count = 0;
	for (const { path } of authoredFields(changeFields(fields))) {
		if (typeof valueAt(changes, path as string) !== 'string') continue;
		value = withValueAt(value, path as string, marker);
		count++;
	}
	return { value, count };
}
