import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	ICredentialsExpressionResolveValues,
	IDataObject,
	IHttpRequestOptions,
	INodeCredentialsDetails,
} from 'n8n-workflow';
import { ICredentialsHelper } from 'n8n-workflow';
import { Credentials } from 'n8n-core';

import { packageCredentialTypes } from './nodeTypes';

/** Resolves the expression forms generic credentials use: {{$credentials.field}} and {{$credentials?.field}}. */
function resolveTemplate(value: unknown, credentials: ICredentialDataDecryptedObject): unknown {
	if (typeof value !== 'string' || !value.startsWith('=')) return value;
	return value
		.slice(1)
		.replace(/\{\{\s*\$credentials\??\.(\w+)\s*\}\}/g, (_m, name: string) => String(credentials[name] ?? ''));
}

/**
 * Credentials for in-process runs: decrypted data given by the test, generic authentication
 * applied as n8n applies it, and OAuth parents reported so n8n-core signs OAuth requests itself.
 */
export class HarnessCredentialsHelper extends ICredentialsHelper {
	constructor(private readonly byType: Record<string, ICredentialDataDecryptedObject>) {
		super();
	}

	/** The credential type definitions this helper knows (the bench adds n8n's own). */
	protected credentialType(name: string): ICredentialType | undefined {
		return packageCredentialTypes().get(name);
	}

	getParentTypes(name: string): string[] {
		return this.credentialType(name)?.extends ?? [];
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const auth = this.credentialType(typeName)?.authenticate;
		if (!auth) return requestOptions;
		if (typeof auth === 'function') return await auth(credentials, requestOptions);
		const props = auth.properties as Record<string, IDataObject | undefined>;
		for (const section of ['headers', 'qs', 'body'] as const) {
			const entries = props[section];
			if (!entries) continue;
			const target = ((requestOptions as unknown as Record<string, IDataObject>)[section] ??= {});
			for (const [key, value] of Object.entries(entries)) target[key] = resolveTemplate(value, credentials) as string;
		}
		return requestOptions;
	}

	async preAuthentication() {
		return undefined;
	}

	async runPreAuthentication() {
		return undefined;
	}

	async getDecrypted(
		_additionalData: unknown,
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		const data = this.byType[type];
		if (!data) throw new Error(`The test gave no credentials of type ${type}`);
		return structuredClone(data);
	}

	async getCredentials(): Promise<Credentials> {
		return new Credentials({ id: null, name: '' }, '', '');
	}

	async updateCredentials(): Promise<void> {}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	getCredentialsProperties() {
		return [];
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	resolveExpressions(_values: ICredentialsExpressionResolveValues) {
		return undefined;
	}
}
