import type { INodePropertyMode } from 'n8n-workflow';

/**
 * The modes of a resource locator: first "From List" (the results of the node's list search,
 * narrowed as the user types), then the ways to give the value typed (by name, ID, number, URL).
 */

export interface ListMode {
	/** The listSearch method that fills the list. */
	searchListMethod: string;
	/** Shown in the empty list box. */
	placeholder?: string;
	/** Whether the list stays empty until something is typed (Trello's pickers say false outright). */
	searchFilterRequired?: boolean;
}

/** What a typed mode adds after its placeholder (hint, validation, extractValue), in the order given. */
type TypedDetails = Omit<INodePropertyMode, 'displayName' | 'name' | 'type' | 'placeholder'>;

/** Modes of a resource locator, as its `modes` setting (spread into the property or its `ui`). */
export interface LocatorModes {
	modes: INodePropertyMode[];
}

export function locatorModes(list: string | ListMode, ...typed: LocatorModes[]): LocatorModes {
	const { searchListMethod, placeholder, searchFilterRequired } = typeof list === 'string' ? ({ searchListMethod: list } as ListMode) : list;
	return {
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				...(placeholder !== undefined ? { placeholder } : {}),
				typeOptions: { searchListMethod, searchable: true, ...(searchFilterRequired !== undefined ? { searchFilterRequired } : {}) },
			},
			...typed.flatMap(({ modes }) => modes),
		],
	};
}

/**
 * A mode whose value is typed; `name` is what the saved value's mode says (name, id, url, …). It
 * comes as a one-mode list for locatorModes to join (and for n8n's lint to read as a mode).
 */
export function typedMode(name: string, displayName: string, placeholder: string, details: TypedDetails = {}): LocatorModes {
	return { modes: [{ displayName, name, type: 'string', placeholder, ...details }] };
}

export const byName = (placeholder: string, details?: TypedDetails) => typedMode('name', 'By Name', placeholder, details);

export const byId = (placeholder: string, details?: TypedDetails) => typedMode('id', 'By ID', placeholder, details);

export const byUrl = (placeholder: string, details?: TypedDetails) => typedMode('url', 'By URL', placeholder, details);

/** A mode's check of the typed value: it must match `regex`, else the editor shows `errorMessage`. */
export const mustMatch = (regex: string, errorMessage: string): NonNullable<INodePropertyMode['validation']> => [
	{ type: 'regex', properties: { regex, errorMessage } },
];
