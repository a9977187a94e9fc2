import { pathSegment } from '../../../shared/requestGuard';
import type { HandlerInput } from '../types';

/** Runs of one workflow live under the workflow; all runs under the repository. */
export async function listWorkflowRuns({ values, request, generic }: HandlerInput) {
	const workflow = String(values.workflow ?? '').trim();
	if (!workflow) return await generic(request);
	const path = request.path.replace(/\/actions\/runs$/, `/actions/workflows/${pathSegment(workflow)}/runs`);
	return await generic({ ...request, path });
}
