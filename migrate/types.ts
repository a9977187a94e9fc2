/**
 * The shapes the converter reads and writes. A workflow is read as n8n exports it (the editor's
 * download, `n8n export:workflow`, the public API); nothing here imports n8n, so the converter runs
 * anywhere Node runs.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export interface WorkflowNode {
	id?: string;
	name: string;
	type: string;
	typeVersion?: number;
	position?: [number, number];
	parameters?: JsonObject;
	credentials?: Record<string, { id?: string | null; name?: string }>;
	[other: string]: unknown;
}

export interface Workflow {
	name?: string;
	nodes: WorkflowNode[];
	connections?: Record<string, Record<string, Array<Array<{ node: string; type: string; index: number }> | null>>>;
	[other: string]: unknown;
}

export type NodeStatus = 'converted' | 'converted-with-notes' | 'not-converted';

export interface NodeReport {
	name: string;
	from: { type: string; typeVersion: number };
	to: { type: string; typeVersion: number } | null;
	status: NodeStatus;
	notes: string[];
}

export interface MigrationReport {
	/** One entry per node of n8n's GitHub and Trello families, in the workflow's order. */
	nodes: NodeReport[];
	/** Problems of the workflow as a whole (not a workflow, broken connections); empty when none. */
	problems: string[];
	/** Expressions of other nodes that read what a converted node outputs differently. */
	expressions: Array<{ node: string; parameter: string; reads: string; note: string }>;
}

export interface MigrateOptions {
	/**
	 * Simplified results (this package's default) instead of n8n's raw output shape. Off by default,
	 * so expressions downstream read what they read before.
	 */
	simplify?: boolean;
}

/** What converting one node's parameters gives: the new parameters, the type it becomes, notes. */
export interface ConvertedParameters {
	/** The node type (within this package) the node becomes, e.g. gitHub or githubApiCall. */
	type: string;
	typeVersion: number;
	parameters: JsonObject;
	notes: string[];
}

/** A node that cannot be converted, and what to do instead. */
export class NotConvertible extends Error {}
