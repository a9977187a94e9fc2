/**
 * What the converted node sends or outputs on purpose differently from n8n's node, per operation:
 * each entry turns n8n's outcome into the one expected here. Every entry matches a `difference`
 * of the mapping row (shown in docs/migrating.md), and the suite checks the two lists agree.
 */
import type { IDataObject } from 'n8n-workflow';

export interface Outcome {
	requests: Array<{ method: string; path: string; query: Record<string, unknown>; body: unknown }>;
	items: IDataObject[];
	binary: Array<Record<string, { data: string; fileName?: string }>>;
	error?: string;
}

export interface Difference {
	/** Checks n8n's own outcome when it is not a success (n8n's bug). */
	theirs?: (outcome: Outcome) => void;
	/** The outcome expected from the converted node, from n8n's. */
	expect?: (theirs: Outcome) => Outcome;
	/** For operations not run here: checks the converted parameters instead; returns true when they hold. */
	notRun?: (parameters: IDataObject, theirs: Outcome) => boolean;
}

export const DIFFERENCES: Record<string, Difference> = {};
