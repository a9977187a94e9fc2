/**
 * What the README's pictures (docs/images) were taken from. Each picture has a digest of the
 * node and credential descriptions it shows (and, for a template's picture, of the template file);
 * `npm run screenshots` records them in docs/images/digests.json after retaking the pictures, and
 * test/pictures.test.ts fails when a description changed since, naming the pictures to retake.
 */
import { createHash } from 'crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'fs';
import { join } from 'path';
import type { ICredentialType, INodeType } from 'n8n-workflow';

import { TrelloKeyTokenApi } from '../credentials/TrelloKeyTokenApi.credentials';
import { GitHub } from '../nodes/GitHub/GitHub.node';
import { GithubApiCall } from '../nodes/GitHub/GithubApiCall.node';
import { GitHubPollTrigger } from '../nodes/GitHub/GitHubPollTrigger.node';
import { GitHubTrigger } from '../nodes/GitHub/GitHubTrigger.node';
import { Trello } from '../nodes/Trello/Trello.node';
import { TrelloApiCall } from '../nodes/Trello/TrelloApiCall.node';
import { TrelloDueDateTrigger } from '../nodes/Trello/TrelloDueDateTrigger.node';
import { TrelloNotificationTrigger } from '../nodes/Trello/TrelloNotificationTrigger.node';
import { TrelloTrigger } from '../nodes/Trello/TrelloTrigger.node';

export const DIGESTS_FILE = join('docs', 'images', 'digests.json');

const PACKAGE_NAME = 'n8n-nodes-github-trello';

/** Every node of the package by its type name (as templates refer to it). */
function packageNodes(): Record<string, INodeType> {
	const nodes = [GitHub, GithubApiCall, GitHubTrigger, GitHubPollTrigger, Trello, TrelloApiCall, TrelloTrigger, TrelloNotificationTrigger, TrelloDueDateTrigger].map(
		(NodeClass) => new NodeClass() as INodeType,
	);
	return Object.fromEntries(nodes.map((node) => [`${PACKAGE_NAME}.${node.description.name}`, node]));
}

const described = (node: INodeType) => node.description;
const credentialShown = (credential: ICredentialType) => ({ name: credential.name, displayName: credential.displayName, properties: credential.properties });

/** The sources of each picture, by its path under docs/images. */
export function pictureSources(root: string): Record<string, unknown> {
	const nodes = packageNodes();
	const node = (name: string) => described(nodes[`${PACKAGE_NAME}.${name}`]);
	const sources: Record<string, unknown> = {
		// The GitHub Toolkit's page in the node creator: its trigger events and its actions.
		'node-creator.png': [node('gitHub'), node('gitHubTrigger'), node('gitHubPollTrigger')],
		'github-node.png': node('gitHub'),
		'github-trigger.png': node('gitHubTrigger'),
		'trello-board-picker.png': node('trello'),
		'trello-credential.png': credentialShown(new TrelloKeyTokenApi()),
	};
	const templatesDir = join(root, 'templates');
	for (const file of readdirSync(templatesDir).filter((name) => name.endsWith('.json')).sort()) {
		const text = readFileSync(join(templatesDir, file), 'utf8');
		const types = [...new Set((JSON.parse(text) as { nodes: Array<{ type: string }> }).nodes.map((entry) => entry.type))].sort();
		sources[`templates/${file.replace(/\.json$/, '.png')}`] = { template: text, nodes: types.filter((type) => nodes[type]).map((type) => described(nodes[type])) };
	}
	return sources;
}

/** SHA-256 of each picture's sources. */
export function pictureDigests(root: string): Record<string, string> {
	return Object.fromEntries(
		Object.entries(pictureSources(root)).map(([picture, source]) => [picture, createHash('sha256').update(JSON.stringify(source)).digest('hex')]),
	);
}

/**
 * `node pictureDigest.js ROOT TAKEN_AFTER_MS`: records the digests of the pictures just taken
 * (npm run screenshots), refusing when a picture was not retaken in that run.
 */
if (require.main === module) {
	const [root, takenAfter] = process.argv.slice(2);
	const digests = pictureDigests(root);
	const notRetaken = Object.keys(digests).filter((picture) => statSync(join(root, 'docs', 'images', picture)).mtimeMs < Number(takenAfter));
	if (notRetaken.length) {
		console.error(`[screenshots] not retaken in this run: ${notRetaken.join(', ')}; ${DIGESTS_FILE} left as it was`);
		process.exit(1);
	}
	writeFileSync(join(root, DIGESTS_FILE), JSON.stringify(digests, null, '\t') + '\n');
	console.error(`[screenshots] ${DIGESTS_FILE} records what the pictures were taken from`);
}
