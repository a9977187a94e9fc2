import { join } from 'path';

import { baseLoadErrors, baseNodeTypes, N8N_HOST_DIR } from './harness';

export const ROOT = join(__dirname, '..');
export const OURS = 'n8n-nodes-github-trello';
export const rl = (value: string, mode = 'id') => ({ __rl: true, mode, value });

/** Why n8n's own node cannot be measured, or undefined when it can. */
export function theirsAvailable(type: string): string | undefined {
	if (!N8N_HOST_DIR) return 'the n8n install (scripts/n8n-host.sh) is not available';
	if (!baseNodeTypes().has(`n8n-nodes-base.${type}`)) return `n8n's node did not load in-process: ${JSON.stringify(baseLoadErrors)}`;
	return undefined;
}
