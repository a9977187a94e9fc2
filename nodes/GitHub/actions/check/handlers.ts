import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { ServiceAnswerError } from '../../../shared/errors';
import { pathSegment } from '../../../../credentials/requestGuard';
import type { GitHubRowRun } from '../types';

/** GitHub takes at most 50 annotations per request; more go in further updates of the same run. */
const ANNOTATIONS_PER_REQUEST = 50;

const OUTPUT_FIELDS: Record<string, string> = { outputTitle: 'title', outputSummary: 'summary', outputText: 'text' };

/**
 * The check run's output object from the flat fields, and the annotations in batches of 50. GitHub
 * needs a title and a summary with any output, annotations included.
 */
function outputOf({ ctx, values, itemIndex }: GitHubRowRun): { output?: IDataObject; batches: IDataObject[][] } {
	const output: IDataObject = {};
	for (const [field, key] of Object.entries(OUTPUT_FIELDS)) {
		const value = values[field];
		if (value !== undefined && value !== '') output[key] = value;
	}
	const annotations = (values.annotations as IDataObject[] | undefined) ?? [];
	const batches: IDataObject[][] = [];
	for (let start = 0; start < annotations.length; start += ANNOTATIONS_PER_REQUEST) {
		batches.push(annotations.slice(start, start + ANNOTATIONS_PER_REQUEST));
	}
	if ((Object.keys(output).length || batches.length) && (!output.title || !output.summary)) {
		throw new NodeOperationError(ctx.getNode(), 'The check run output needs both "Output Title" and "Output Summary"', {
			itemIndex,
			description: 'GitHub refuses output text or annotations without a title and a summary: give both under Additional Fields.',
		});
	}
	return { output: Object.keys(output).length ? output : undefined, batches };
}

/**
 * Create and Update send the first 50 annotations with the run; each further 50 follow as an
 * update of the run's output (title and summary repeated, as GitHub requires). The answer is the
 * run as the last request left it.
 */
export async function sendCheckRun(input: GitHubRowRun) {
	const { client, request, respond } = input;
	const { output, batches } = outputOf(input);
	const [first, ...rest] = batches;
	const body: IDataObject = { ...(request.body as IDataObject | undefined) };
	if (output) body.output = { ...output, ...(first ? { annotations: first } : {}) };
	const created = await client.send<IDataObject>({ ...request, body });
	let run = created.body;
	if (rest.length && request.method === 'POST' && !/^\d+$/.test(String(run?.id ?? ''))) {
		throw new ServiceAnswerError('GitHub answered the new check run without its ID, so the further annotations could not be sent', 'The check run was created with the first 50 annotations; send the rest with Check Run → Update.', created);
	}
	const runPath = request.method === 'POST' ? `${request.path}/${pathSegment(String(run?.id))}` : request.path;
	for (const annotations of rest) {
		run = await client.request<IDataObject>({
			method: 'PATCH',
			path: runPath,
			qs: {},
			body: { output: { title: output?.title, summary: output?.summary, annotations } },
		});
	}
	return respond(run);
}
