import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import type { PickerPage, PickerShape } from '../../shared/picker';
import { pickerResult, WHOLE_LIST } from '../../shared/picker';
import { pathSegment } from '../../../credentials/requestGuard';
import { TrelloClient } from '../transport';

/** One opening of a picker: what the editor holds and the typed filter. */
export interface TrelloPickerRun {
	ctx: ILoadOptionsFunctions;
	client: TrelloClient;
	filter?: string;
	page: number;
	/** The chosen object's id (see the row's `under`). */
	chosen: string;
}

/**
 * Whose list a picker shows: the account's, or the object chosen in the first of these parameters
 * that is set (`{chosen}` in the path). With none chosen the picker is empty and sends nothing.
 */
type TrelloPickerUnder = 'account' | { parameters: string[] };

interface TrelloPickerBase extends PickerShape<IDataObject, TrelloPickerRun> {
	under: TrelloPickerUnder;
}

/** A picker that lists one answer; Trello's lists come whole. */
interface TrelloRestPicker extends TrelloPickerBase {
	path: string;
	qs?: IDataObject;
	/** The entries sit in each answered object under this key, and carry that object's name as `parentName`. */
	nested?: { key: string; parentName: string };
}

/** A picker whose request depends on more than one choice. */
interface TrelloLoadedPicker extends TrelloPickerBase {
	load: (run: TrelloPickerRun) => Promise<PickerPage<IDataObject>>;
}

export type TrelloPicker = TrelloRestPicker | TrelloLoadedPicker;

/** The id chosen on the node in the first of `names` that is set, or '' if none. */
export function chosenId(ctx: ILoadOptionsFunctions, names: string[] = ['board']): string {
	for (const name of names) {
		try {
			const value = ctx.getCurrentNodeParameter(name, { extractValue: true });
			const text = typeof value === 'string' ? value.trim() : '';
			if (text) return text;
		} catch {
			// Not a parameter of this operation.
		}
	}
	return '';
}

/** A line naming the entry, its id as value. */
export const byId = (name: (entry: IDataObject) => string) => (entry: IDataObject) => ({ name: name(entry), value: String(entry.id) });

async function restAnswer(run: TrelloPickerRun, picker: TrelloRestPicker): Promise<PickerPage<IDataObject>> {
	const answer = await run.client.request<IDataObject[]>({
		method: 'GET',
		path: picker.path.replace('{chosen}', pathSegment(run.chosen)),
		...(picker.qs ? { qs: picker.qs } : {}),
	});
	const { nested } = picker;
	if (!nested) return { entries: answer };
	return {
		entries: answer.flatMap((parent) =>
			((parent[nested.key] as IDataObject[] | undefined) ?? []).map((entry) => ({ ...entry, [nested.parentName]: parent.name })),
		),
	};
}

/** Runs a picker row as a list-search method. */
export function trelloPicker(picker: TrelloPicker) {
	return async function (this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
		const chosen = picker.under === 'account' ? '' : chosenId(this, picker.under.parameters);
		if (picker.under !== 'account' && !chosen) return { results: [] };
		const run: TrelloPickerRun = { ctx: this, client: new TrelloClient(this), filter, page: 1, chosen };
		const answer = 'load' in picker ? await picker.load(run) : await restAnswer(run, picker);
		return pickerResult(picker, WHOLE_LIST, run, answer);
	};
}
