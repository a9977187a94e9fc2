import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	ICredentialsExpressionResolveValues,
	IDataObject,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
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

	/**
	 * n8n's CredentialsHelper.preAuthentication (packages/cli): for a credential type with a
	 * hidden `expirable` field and a preAuthentication function, runs it when that field is empty,
	 * when n8n-core reports the credential expired (a 401) or for the connection test, saves the
	 * output into the stored credential and returns the credential with it.
	 */
	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		node: INode,
		credentialsExpired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const type = this.credentialType(typeName);
		const expirable = type?.properties.find((property) => property.type === 'hidden' && property.typeOptions?.expirable === true);
		if (!expirable || typeof type?.preAuthentication !== 'function') return undefined;
		const testing = node?.parameters?.temp === '' && node?.type === 'n8n-nodes-base.noOp';
		// n8n fills in the defaults of a stored credential's fields, so a field never set reads ''.
		if ((credentials[expirable.name] ?? '') !== '' && !credentialsExpired && !testing) return undefined;
		const output = await type.preAuthentication.call({ helpers: { httpRequest: helpers.helpers.httpRequest } }, credentials);
		if (output[expirable.name] === undefined || !node.credentials) return undefined;
		const stored = this.byType[typeName];
		if (stored) Object.assign(stored, output);
		this.preAuthenticationRuns.push({ typeName, credentialsExpired });
		return Object.assign(credentials, output);
	}

	/** Every time preAuthentication ran and saved its output, in order. */
	readonly preAuthenticationRuns: Array<{ typeName: string; credentialsExpired: boolean }> = [];

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
