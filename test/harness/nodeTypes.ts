import type {
	ICredentialType,
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	INodeTypes,
	IVersionedNodeType,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { readdirSync } from 'fs';
import { join } from 'path';

export const PACKAGE_NAME = 'n8n-nodes-github-trello';
const ROOT = join(__dirname, '..', '..');

/** Loads every *.node.ts / *.credentials.ts of the package from source, as n8n would from dist. */
function loadClasses<T>(folder: string, suffix: string): T[] {
	const found: T[] = [];
	const walk = (dir: string) => {
		for (const entry of readdirSync(dir, { withFileTypes: true })) {
			const path = join(dir, entry.name);
			if (entry.isDirectory()) walk(path);
			else if (entry.name.endsWith(suffix)) {
				// eslint-disable-next-line @typescript-eslint/no-require-imports
				const mod = require(path) as Record<string, new () => T>;
				for (const exported of Object.values(mod)) {
					if (typeof exported === 'function') found.push(new exported());
				}
			}
		}
	};
	walk(join(ROOT, folder));
	return found;
}

/** Test-only start node: emits the items given in its "items" parameter, with the binary data in "binary". */
class HarnessInput implements INodeType {
	description = {
		displayName: 'Harness Input',
		name: 'harnessInput',
		group: ['trigger'] as INodeTypeDescription['group'],
		version: 1,
		description: 'Emits fixed items',
		defaults: { name: 'Input' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		properties: [
			{ displayName: 'Items', name: 'items', type: 'json' as const, default: '[{}]' },
			// Per item: property name → { fileName, mimeType, text }.
			{ displayName: 'Binary', name: 'binary', type: 'json' as const, default: '[]' },
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const parse = <T>(name: string, fallback: string) => {
			const raw = this.getNodeParameter(name, 0, fallback) as unknown;
			return (typeof raw === 'string' ? JSON.parse(raw) : raw) as T;
		};
		const items = parse<object[]>('items', '[{}]');
		const binaries = parse<Array<Record<string, { fileName: string; mimeType: string; text: string }>>>('binary', '[]');
		// "$binary": { property: { data (base64), mimeType, fileName } } becomes the item's binary data as given;
		// the "binary" parameter's files (text content) are prepared by n8n as a node would.
		return [
			await Promise.all(
				items.map(async (entry, index) => {
					const { $binary, ...json } = entry as { $binary?: INodeExecutionData['binary'] };
					const binary: INodeExecutionData['binary'] = { ...$binary };
					for (const [name, file] of Object.entries(binaries[index] ?? {})) {
						binary[name] = await this.helpers.prepareBinaryData(Buffer.from(file.text, 'utf8'), file.fileName, file.mimeType);
					}
					return { json: json as never, ...(Object.keys(binary).length ? { binary } : {}) };
				}),
			),
		];
	}
}

export const HARNESS_INPUT_TYPE = 'harness.input';

let nodeCache: Map<string, INodeType> | undefined;
let credentialCache: Map<string, ICredentialType> | undefined;

export function packageNodeTypes(): Map<string, INodeType> {
	if (!nodeCache) {
		nodeCache = new Map();
		for (const node of loadClasses<INodeType>('nodes', '.node.ts')) {
			nodeCache.set(`${PACKAGE_NAME}.${node.description.name}`, node);
		}
		nodeCache.set(HARNESS_INPUT_TYPE, new HarnessInput() as unknown as INodeType);
	}
	return nodeCache;
}

export function packageCredentialTypes(): Map<string, ICredentialType> {
	if (!credentialCache) {
		credentialCache = new Map();
		for (const credential of loadClasses<ICredentialType>('credentials', '.credentials.ts')) {
			credentialCache.set(credential.name, credential);
		}
	}
	return credentialCache;
}

/** This package's node types; `others` adds further ones (the bench: n8n's own nodes). */
export class HarnessNodeTypes implements INodeTypes {
	constructor(private readonly others?: () => Map<string, INodeType | IVersionedNodeType>) {}

	getByName(nodeType: string): INodeType | IVersionedNodeType {
		const node = packageNodeTypes().get(nodeType) ?? this.others?.().get(nodeType);
		if (!node) throw new Error(`Unknown node type ${nodeType}`);
		return node;
	}

	getByNameAndVersion(nodeType: string): INodeType {
		return this.getByName(nodeType) as INodeType;
	}

	getKnownTypes() {
		return {};
	}
}
