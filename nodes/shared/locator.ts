import type { IDisplayOptions, INodeProperties, INodePropertyMode } from 'n8n-workflow';

/**
 * The modes of a resource locator: first "From List" (the results of the node's list search,
 * narrowed as the user types), then the ways to give the value typed (by name, ID, number, URL);
 * and the multi-value picker for fields that take several values.
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
interface LocatorModes {
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

/** How n8n's convention tells the user of a loaded list that values it does not offer can come from an expression. */
const CHOOSE_OR_EXPRESSION = 'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.';

export interface MultiPicker {
	name: string;
	/** What is picked ("Board", "Moved To Lists"); the display name adds "Names or IDs" as n8n's convention asks. */
	label: string;
	/** The loadOptions method that fills the list. */
	loadOptionsMethod: string;
	/** What the field is for; how to give IDs by expression is added. */
	description: string;
	displayOptions?: IDisplayOptions;
	required?: boolean;
}

/**
 * Several values picked from a list the node loads: the multi-value counterpart of a resource
 * locator's "From List" (n8n's resource locators hold one value).
 */
export function multiPicker({ name, label, loadOptionsMethod, description, displayOptions, required }: MultiPicker): INodeProperties {
	return {
		displayName: `${label} Names or IDs`,
		name,
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod },
		...(displayOptions ? { displayOptions } : {}),
		default: [],
		...(required ? { required } : {}),
		description: `${description} ${CHOOSE_OR_EXPRESSION}`,
	};
}
