import type { INodeProperties } from 'n8n-workflow';

import { packageCredentialTypes } from '../harness/nodeTypes';

const propertiesOf = (name: string) => packageCredentialTypes().get(name)!.properties as INodeProperties[];

describe('credential forms say where each value comes from', () => {
	it('Trello key + token: a notice with a clickable link to Trello’s authorization page sits between API Key and Token', () => {
		const properties = propertiesOf('trelloKeyTokenApi');
		const names = properties.map((property) => property.name);
		expect(names.slice(0, 3)).toEqual(['apiKey', 'authorizationNotice', 'apiToken']);
		const notice = properties[1];
		expect(notice.type).toBe('notice');
		const link = /<a href="([^"]+)" target="_blank">/.exec(notice.displayName)?.[1];
		const url = new URL(link!);
		expect(url.origin + url.pathname).toBe('https://trello.com/1/authorize');
		expect(Object.fromEntries(url.searchParams)).toEqual({
			expiration: 'never',
			scope: 'read,write',
			response_type: 'token',
			name: 'n8n',
			key: 'YOUR_API_KEY',
		});
	});

	it('Trello OAuth 1.0a: Consumer Key and Secret name the Power-Up admin page (replacing oAuth1Api’s bare fields)', () => {
		const credential = packageCredentialTypes().get('trelloOAuth10aApi')!;
		expect(credential.extends).toEqual(['oAuth1Api']);
		const [key, secret] = credential.properties as INodeProperties[];
		expect([key.name, secret.name]).toEqual(['consumerKey', 'consumerSecret']);
		expect(key.description).toContain('https://trello.com/power-ups/admin');
		expect(secret.description).toContain('beside that API key');
		expect(secret.typeOptions).toEqual({ password: true });
	});
});
